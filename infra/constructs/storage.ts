/**
 * S3 storage: the private uploads bucket (recordings and transcript bodies, docs/architecture.md#data) and the
 * bucket that receives access logs of every other bucket and of CloudFront.
 */
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, CfnBucket, HttpMethods, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { ENGINE_FILES_KEPT_SECONDS, ENGINE_FILES_PREFIX, PENDING_UPLOAD_TAG, UPLOAD_KEPT_SECONDS } from '../../functions/domain/constants';

/** Every user's objects live under this prefix (functions/storage/user-data.ts). */
export const USER_OBJECTS = 'users/*';
/** Every user's recordings (functions/storage/media-store.ts mediaKey): what the site's shared-recording path may read. */
export const USER_RECORDINGS = 'users/*/media/*';
/** The jobs' temporary engine files of every user (functions/storage/media-store.ts): the converted audio and Transcribe's output. */
export const ENGINE_FILES = `${ENGINE_FILES_PREFIX}*` as const;

/**
 * Grants `actions` on the objects of any user (`objects`: USER_OBJECTS or ENGINE_FILES): which user's
 * object a call touches is known only at run time (from the session or the workflow input), so the resource
 * is the prefix of all users, acknowledged once here.
 */
export function grantUserObjects(fn: IFunction, uploads: IBucket, actions: string[], why: string, objects: typeof USER_OBJECTS | typeof ENGINE_FILES = USER_OBJECTS): void {
  fn.addToRolePolicy(new PolicyStatement({ actions, resources: [uploads.arnForObjects(objects)] }));
  const uploadsId = Stack.of(fn).resolve((uploads.node.defaultChild as CfnBucket).logicalId);
  // The finding is on the function's role (a sibling of the function in AppFunction).
  Validations.of(fn.role ?? fn).acknowledge({ id: `AwsSolutions-IAM5[Resource::<${uploadsId}.Arn>/${objects}]`, reason: why });
}

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
      lifecycleRules: [
        // A browser that gives up mid-upload leaves parts that are billed until aborted; the upload's record lives as long.
        { id: 'AbortUnfinishedUploads', abortIncompleteMultipartUploadAfter: Duration.seconds(UPLOAD_KEPT_SECONDS) },
        // An upload no transcription started from keeps its pending tag: removed after a day, as its record (TTL).
        { id: 'ExpireUntranscribedUploads', tagFilters: { [PENDING_UPLOAD_TAG.key]: PENDING_UPLOAD_TAG.value }, expiration: Duration.seconds(UPLOAD_KEPT_SECONDS) },
        // A job that dies before its cleanup (a timed-out execution, a crash) leaves its converted audio and Transcribe's output: removed once no run can still need them.
        { id: 'ExpireEngineFiles', prefix: ENGINE_FILES_PREFIX, expiration: Duration.seconds(ENGINE_FILES_KEPT_SECONDS) },
      ],
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
