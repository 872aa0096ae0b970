/**
 * S3 storage: the private uploads bucket (recordings and transcript bodies, DESIGN.md section 5) and the
 * bucket that receives access logs of every other bucket and of CloudFront.
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

export interface StorageProps {
  removalPolicy: RemovalPolicy;
}

/** The settings every bucket of this app shares: private, encrypted, TLS only. */
export const privateBucketDefaults = (removalPolicy: RemovalPolicy) =>
  ({
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    removalPolicy,
    // Without retention, `cdk destroy` should leave nothing behind, so empty the bucket first.
    autoDeleteObjects: removalPolicy === RemovalPolicy.DESTROY,
  }) as const;

export class Storage extends Construct {
  readonly uploads: Bucket;
  readonly accessLogs: Bucket;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);

    this.accessLogs = new Bucket(this, 'AccessLogs', {
      ...privateBucketDefaults(props.removalPolicy),
      // CloudFront standard logging writes with ACLs, so this one bucket keeps ACLs enabled.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
    });
    Validations.of(this.accessLogs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging it into itself would loop.',
    });

    this.uploads = new Bucket(this, 'Uploads', {
      ...privateBucketDefaults(props.removalPolicy),
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'uploads/',
      // A browser that gives up mid-upload leaves parts that are billed until aborted.
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });
  }

  /**
   * Lets the site's own pages upload straight to the bucket with presigned URLs (single PUT or multipart).
   * Called once the public origins are known, which needs the CloudFront distribution.
   */
  allowBrowserUploadsFrom(origins: string[]): void {
    this.uploads.addCorsRule({
      allowedOrigins: origins,
      allowedMethods: [HttpMethods.PUT, HttpMethods.GET, HttpMethods.HEAD],
      allowedHeaders: ['*'],
      // Multipart completion needs each part's ETag, which the browser can read only if exposed.
      exposedHeaders: ['ETag'],
      maxAge: 3600,
    });
  }
}
