/**
 * The whole AWS deployment in one stack (docs/architecture.md#two-deployments, `aws` column). Wiring only: each
 * construct in ./constructs owns one concern; this file connects them in dependency order.
 */
import { CfnOutput, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { DeployConfig } from './config';
import { Admission } from './constructs/admission';
import { Alarms } from './constructs/alarms';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { Storage } from './constructs/storage';
import { Usage } from './constructs/usage';
import { Web } from './constructs/web';
import { TextJobs } from './constructs/text-jobs';
import { VectorBackfill } from './constructs/vector-backfill';
import { Workflow } from './constructs/workflow';

export interface TranscribeStackProps extends StackProps {
  config: DeployConfig;
  /** The built web app to deploy; default web/dist (tests point elsewhere). */
  siteDir?: string;
}

export class TranscribeStack extends Stack {
  constructor(scope: Construct, id: string, props: TranscribeStackProps) {
    super(scope, id, props);
    const { config } = props;
    // User data (accounts, table, uploads) outlives the stack unless the operator opts out.
    const removalPolicy = config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    const data = new Data(this, 'Data', { removalPolicy });
    const storage = new Storage(this, 'Storage', { removalPolicy });
    const web = new Web(this, 'Web', {
      accessLogs: storage.accessLogs,
      priceClass: config.priceClass,
      siteDir: props.siteDir,
      domain: config.domainName && config.certificateArn ? { name: config.domainName, certificateArn: config.certificateArn } : undefined,
    });
    // The first origin is the public one (links in e-mails, Secure cookies); the others are extra sites.
    const origins = [web.publicOrigin, ...config.allowedOrigins.filter((origin) => origin !== web.publicOrigin)];
    storage.allowBrowserUploadsFrom(origins);

    const auth = new Auth(this, 'Auth', {
      removalPolicy,
      publicOrigin: web.publicOrigin,
      table: data.table,
      triggerEnvironment: { APP_MODE: 'aws', TABLE_NAME: data.table.tableName, APP_ORIGINS: origins.join(',') },
      ses: config.sesFromEmail ? { fromEmail: config.sesFromEmail, region: config.sesRegion, verifiedDomain: config.sesVerifiedDomain } : undefined,
      google:
        config.googleClientId && config.googleClientSecretArn
          ? {
              clientId: config.googleClientId,
              clientSecretArn: config.googleClientSecretArn,
              domainPrefix: config.authDomainPrefix ?? defaultAuthDomainPrefix(this.stackName, this.account),
            }
          : undefined,
    });

    // What functions/platform/config.ts reads, for every function.
    const environment = {
      APP_MODE: 'aws',
      TABLE_NAME: data.table.tableName,
      UPLOADS_BUCKET: storage.uploads.bucketName,
      USER_POOL_ID: auth.userPool.userPoolId,
      USER_POOL_CLIENT_ID: auth.client.userPoolClientId,
      APP_ORIGINS: origins.join(','),
      BEDROCK_MODEL_ID: config.bedrockModelId,
      ...fairUseSettings(config),
    };
    // CloudFront proves each API request came through the site with this header; the handlers refuse
    // others (API Gateway's own address would skip the site's headers and its client-address rules).
    // Generated at deploy and resolved into both places by CloudFormation, never in the template.
    // A value changed in Secrets Manager alone reaches nobody (CloudFormation resolves a reference only when
    // its resource changes): a new generation is a new secret, so its references change everywhere at once.
    const generation = config.originSecretGeneration === 1 ? '' : String(config.originSecretGeneration);
    const originSecretResource = new Secret(this, `OriginVerifySecret${generation}`, {
      description: 'The header CloudFront adds to API requests; the API refuses requests without it',
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(originSecretResource).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'Rotating it would need CloudFront and every API function updated in step; it guards the path to the API, not data, and a deploy with the next originSecretGeneration replaces it.',
    });
    const originSecret = originSecretResource.secretValue.unsafeUnwrap();
    const workflow = new Workflow(this, 'Workflow', { environment, uploads: storage.uploads, table: data.table, bedrockModelId: config.bedrockModelId });
    const textJobs = new TextJobs(this, 'TextJobs', { stepFunction: workflow.fn });
    const vectorBackfill = new VectorBackfill(this, 'VectorBackfill', { stepFunction: workflow.fn });
    const admission = new Admission(this, 'Admission', { environment, table: data.table, stateMachine: workflow.stateMachine });
    const api = new Api(this, 'Api', {
      // Read by CDK's custom resource at deploy (DescribeUserPoolClient) into the functions' settings: no
      // call per cold start. Like ORIGIN_VERIFY_SECRET, readable by whoever may read the functions' settings.
      clientSecret: auth.clientSecret.unsafeUnwrap(),
      environment: {
        ...environment,
        ORIGIN_VERIFY_SECRET: originSecret,
        STATE_MACHINE_ARN: workflow.stateMachine.stateMachineArn,
        TEXT_JOBS_STATE_MACHINE_ARN: textJobs.stateMachine.stateMachineArn,
        VECTOR_BACKFILL_STATE_MACHINE_ARN: vectorBackfill.stateMachine.stateMachineArn,
        // Google sign-in goes through the hosted UI; without it the API answers "not configured".
        ...(auth.hostedUiUrl ? { GOOGLE_AUTH_DOMAIN: auth.hostedUiUrl } : {}),
      },
      resources: { table: data.table, uploads: storage.uploads, userPool: auth.userPool, stateMachine: workflow.stateMachine, textJobs: textJobs.stateMachine, vectorBackfill: vectorBackfill.stateMachine, bedrockModelId: config.bedrockModelId },
    });
    web.forwardApi(api.httpApi, originSecret);
    // A shared recording's sealed address is opened at the edge with a key derived from the same secret, which the
    // API already has: no second secret to pay for or to hand out (functions/storage/media-store.ts sharedPlaybackUrl).
    web.serveSharedMedia(storage.uploads, originSecret);
    const alarms = new Alarms(this, 'Alarms', {
      email: config.alarmEmail,
      httpApi: api.httpApi,
      functions: [...Object.values(api.functions), workflow.fn, workflow.mediaFn, admission.fn],
      stateMachine: workflow.stateMachine,
      bedrockModelId: config.bedrockModelId,
    });
    new Usage(this, 'Usage', {
      httpApi: api.httpApi,
      functions: [...Object.values(api.functions), workflow.fn, admission.fn],
      stateMachine: workflow.stateMachine,
      budget: config.budgetMonthlyUsd ? { monthlyUsd: config.budgetMonthlyUsd, topic: alarms.topic, email: config.budgetEmail } : undefined,
    });

    new CfnOutput(this, 'SiteUrl', { description: 'The app', value: web.publicOrigin });
    new CfnOutput(this, 'DistributionDomainName', {
      description: 'Point the custom domain here (CNAME or alias record)',
      value: web.distribution.distributionDomainName,
    });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
  }
}

/**
 * The Cognito domain prefix when none is configured: lowercase letters, digits and hyphens, without the
 * words Cognito reserves (aws, amazon, cognito), at most 63 characters with the 12-digit account id.
 */
export function defaultAuthDomainPrefix(stackName: string, account: string): string {
  const name = stackName
    .toLowerCase()
    .replace(/aws|amazon|cognito/g, '')
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 50)
    .replace(/-$/, '');
  return `${name || 'app'}-${account}`;
}

/**
 * The fair-use limits set in the deploy configuration (issues 16 and 25), for every function (the quota is
 * reserved by the API and given back by the workflow); an unset one keeps functions/platform/config.ts's default.
 */
function fairUseSettings(config: DeployConfig): Record<string, string> {
  const settings = {
    REQUEST_LIMIT_PER_USER: config.requestLimitPerUser,
    REQUEST_LIMIT_PER_ADDRESS: config.requestLimitPerAddress,
    JOBS_PER_USER: config.jobsPerUser,
    TRANSCRIBE_CONCURRENCY: config.transcribeConcurrency,
    SIGNUP_LIMIT_PER_ADDRESS: config.signupLimitPerAddress,
    MONTHLY_AUDIO_QUOTA_SECONDS: config.monthlyAudioQuotaSeconds,
    ASK_LIMIT_PER_DAY: config.askLimitPerDay,
  };
  return Object.fromEntries(Object.entries(settings).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])));
}
