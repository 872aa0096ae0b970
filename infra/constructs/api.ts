/**
 * The HTTP API (docs/architecture.md#http-contract): one Lambda per domain and one route per entry of the route table,
 * both derived from functions/routes.ts so that a new route needs no change here and a new domain
 * only its entry in DOMAIN_ACCESS (the type makes that entry required).
 */
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey, LogGroupLogDestination, PayloadFormatVersion } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { DOMAINS, ROUTE_LIST, type Domain } from '../../functions/contract';
import { TABLE_SCHEMA } from '../../functions/data/table-schema';
import { AppFunction } from './app-function';
import { embeddingModelArn } from './bedrock';
import { ENGINE_FILES, grantUserObjects } from './storage';

/** The resources a domain function may be granted access to. */
export interface DomainResources {
  table: ITable;
  uploads: IBucket;
  userPool: IUserPool;
  stateMachine: IStateMachine;
  /** Issue 31: the text-jobs state machine (a long transcript's summary or translation). */
  textJobs: IStateMachine;
  /** Issue 30: gives older passages their vectors after a question (infra/constructs/vector-backfill.ts). */
  vectorBackfill: IStateMachine;
  /** Bedrock model or inference profile id (support answers). */
  bedrockModelId: string;
}

type Grant = (fn: IFunction, resources: DomainResources) => void;

const allow = (fn: IFunction, actions: string[], resources: string[]): void =>
  fn.addToRolePolicy(new PolicyStatement({ actions, resources }));

/** Single-item reads and writes (ElectroDB get, create, upsert, patch, delete). */
const ITEM_ACCESS = ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];

/**
 * What each domain's function may do, in one place: exactly what its routes use today, nothing more.
 * Features that add calls add the matching actions here; a new domain starts with nothing.
 */
export const DOMAIN_ACCESS: Record<Domain, Grant> = {
  // Sessions (get, create, delete), login throttle counters (get, upsert, delete), profile on first sign-in,
  // the browsers tied to a pending sign-up; the identity waiting at an unconfirmed address (AdminGetUser).
  session: (fn, { table, userPool }) => {
    allow(fn, ITEM_ACCESS, [table.tableArn]);
    allow(fn, ['cognito-idp:AdminGetUser'], [userPool.userPoolArn]);
  },
  // Sign-up and verification (profile, session), reset tokens, and account deletion: every item of the
  // user (a query on the user index, then batch deletes), every object under users/, the Cognito user.
  accounts: (fn, { table, uploads, userPool }) => {
    allow(fn, [...ITEM_ACCESS, 'dynamodb:Query', 'dynamodb:BatchWriteItem'], [table.tableArn, `${table.tableArn}/index/${TABLE_SCHEMA.indexes.byUser.name}`]);
    allow(fn, ['s3:ListBucket'], [uploads.bucketArn]);
    grantUserObjects(fn, uploads, ['s3:DeleteObject'], 'Account deletion removes every object of the signed-in user, under users/<id>/; the id comes from the session at run time.');
    grantUserObjects(fn, uploads, ['s3:DeleteObject'], "Account deletion removes what the signed-in user's jobs left under engine/<id>/; the id comes from the session at run time.", ENGINE_FILES);
    allow(fn, ['cognito-idp:AdminGetUser', 'cognito-idp:AdminDeleteUser'], [userPool.userPoolArn]);
  },
  // The user's own profile (read, create on first load, update) and the session's first-login flag.
  profile: (fn, { table }) => allow(fn, ITEM_ACCESS, [table.tableArn]),
  // Uploads (presigned PUTs and multipart, type checks on the first bytes, removal of non-media files),
  // transcript items, playback links, and starting the workflow. Issue 14: corrections and names (body
  // revisions in S3), the search index (shards in S3, their versions and the hits' items: BatchGetItem),
  // and "Summarize again" with the job's Bedrock model. Issue 30: Ask within a project (the project index).
  transcripts: (fn, { table, uploads, stateMachine, textJobs, vectorBackfill, bedrockModelId }) => {
    allow(fn, [...ITEM_ACCESS, 'dynamodb:Query'], [table.tableArn, `${table.tableArn}/index/${TABLE_SCHEMA.indexes.byUser.name}`, `${table.tableArn}/index/${TABLE_SCHEMA.indexes.byProject.name}`]);
    allow(fn, ['dynamodb:BatchGetItem'], [table.tableArn]);
    // Without ListBucket, a missing object answers 403 instead of 404.
    allow(fn, ['s3:ListBucket'], [uploads.bucketArn]);
    grantUserObjects(fn, uploads, ['s3:PutObject', 's3:GetObject', 's3:DeleteObject', 's3:ListMultipartUploadParts', 's3:PutObjectTagging'], "Uploads (checking a multipart upload's parts before completing it; tagged pending until transcribed) and plays the signed-in user's recordings, and keeps their transcript bodies and search index, under users/<id>/; the id comes from the session at run time.");
    allow(fn, ['states:StartExecution'], [stateMachine.stateMachineArn]);
    // Issue 31: a long text's "Summarize again" or template starts a text job; a short one's still calls the model.
    allow(fn, ['states:StartExecution'], [textJobs.stateMachineArn]);
    allowBedrockModel(fn, bedrockModelId);
    // Search by meaning: the passages of a corrected or renamed transcript, and each question, get their vectors.
    allow(fn, ['bedrock:InvokeModel'], [embeddingModelArn(Stack.of(fn))]);
    // A question over passages without vectors starts their backfill (the question embeds only itself).
    allow(fn, ['states:StartExecution'], [vectorBackfill.stateMachineArn]);
  },
  // Projects, and the transcripts in each (the project index; a deleted project's transcripts leave it).
  projects: (fn, { table }) => allow(fn, [...ITEM_ACCESS, 'dynamodb:Query'], [table.tableArn, `${table.tableArn}/index/${TABLE_SCHEMA.indexes.byProject.name}`]),
  // Tags, and the transcripts carrying a renamed or deleted tag (the user index).
  tags: (fn, { table }) => allow(fn, [...ITEM_ACCESS, 'dynamodb:Query'], [table.tableArn, `${table.tableArn}/index/${TABLE_SCHEMA.indexes.byUser.name}`]),
  // Transcript items and bodies, translations stored beside them, and Amazon Translate.
  translation: (fn, { table, uploads, textJobs }) => {
    // The session (read; an expired one is deleted when found), the transcript item, the request counter (update).
    allow(fn, ['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'], [table.tableArn]);
    allow(fn, ['s3:ListBucket'], [uploads.bucketArn]);
    grantUserObjects(fn, uploads, ['s3:GetObject', 's3:PutObject'], "Reads the signed-in user's transcript bodies and stores translations under users/<id>/; the id comes from the session.");
    allow(fn, ['translate:TranslateText'], ['*']);
    Validations.of(fn.role ?? fn).acknowledge({ id: 'AwsSolutions-IAM5[Resource::*]', reason: 'Amazon Translate TranslateText supports no resource-level permissions: it requires Resource "*".' });
    // Issue 31: a long text's translation is a text job (the item's textJob is claimed with UpdateItem, granted above).
    allow(fn, ['states:StartExecution'], [textJobs.stateMachineArn]);
  },
  // Google sign-in: its session and profile, the failed-callback counters, and the one Cognito user per
  // e-mail it signs into or creates (replacing an unconfirmed sign-up and the hosted UI's federated user).
  google: (fn, { table, userPool }) => {
    allow(fn, ITEM_ACCESS, [table.tableArn]);
    allow(fn, ['cognito-idp:AdminGetUser', 'cognito-idp:AdminCreateUser', 'cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminDeleteUser'], [userPool.userPoolArn]);
  },
  // Support chat: the session (read, expired ones deleted), the per-user question and request counters, and the Bedrock model.
  support: (fn, { table, bedrockModelId }) => {
    allow(fn, ['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'], [table.tableArn]);
    allowBedrockModel(fn, bedrockModelId);
  },
  // Issue 29: live sessions and the quota (its ledger opened from the user's transcripts: the user index), and
  // presigning addresses to Transcribe streaming: the browser connects with this role's signature.
  live: (fn, { table }) => {
    allow(fn, [...ITEM_ACCESS, 'dynamodb:Query'], [table.tableArn, `${table.tableArn}/index/${TABLE_SCHEMA.indexes.byUser.name}`]);
    allow(fn, ['transcribe:StartStreamTranscriptionWebSocket'], ['*']);
    Validations.of(fn.role ?? fn).acknowledge({ id: 'AwsSolutions-IAM5[Resource::*]', reason: 'Transcribe StartStreamTranscriptionWebSocket supports no resource-level permissions: it requires Resource "*".' });
  },
};

/** InvokeModel on the model's inference profile and, since a cross-region profile routes to any of its regions, the model in any region. */
function allowBedrockModel(fn: IFunction, modelId: string): void {
  const stack = Stack.of(fn);
  const model = modelId.replace(/^(global|us|eu|apac|jp|au|ca)\./, '');
  allow(fn, ['bedrock:InvokeModel'], [
    stack.formatArn({ service: 'bedrock', resource: 'inference-profile', resourceName: modelId }),
    `arn:${stack.partition}:bedrock:*::foundation-model/${model}`,
  ]);
  Validations.of(fn.role ?? fn).acknowledge({
    id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:bedrock:*::foundation-model/${model}]`,
    reason: 'A cross-region inference profile may serve the model from any of its regions.',
  });
}

/**
 * The account's safety net on the whole API, not a per-user limit: each user (or, signed out, each client
 * address) has its own limit in the handlers (functions/http/request-limits.ts, issue 16), so one client
 * can no longer use up everyone's share. Below the account's own API Gateway quota (10,000 a second).
 */
export const STAGE_THROTTLE = { rateLimit: 1000, burstLimit: 2000 } as const;

export interface ApiProps {
  environment: Record<string, string>;
  /** The app client's secret (resolved at deploy), for the domains that sign Cognito's public calls only. */
  clientSecret: string;
  resources: DomainResources;
}

/** The domains whose Cognito calls carry a SECRET_HASH (functions/services/accounts/identity.ts). */
export const CLIENT_SECRET_DOMAINS: readonly Domain[] = ['session', 'accounts', 'google'];

export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly functions: Record<Domain, IFunction>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    // The app's own origin serves the API through CloudFront, so the API needs no CORS.
    this.httpApi = new HttpApi(this, 'HttpApi', { createDefaultStage: false, description: 'Transcription app API (BFF)' });
    this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: STAGE_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(
          new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
        ),
        // No headers, cookies or bodies: nothing of a session can leak into logs.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });

    this.functions = Object.fromEntries(
      DOMAINS.map((domain) => [domain, this.domainFunction(domain, props)]),
    ) as Record<Domain, IFunction>;

    const integrations = Object.fromEntries(
      DOMAINS.map((domain) => [
        domain,
        new HttpLambdaIntegration(`${domain}-integration`, this.functions[domain], {
          payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
        }),
      ]),
    ) as Record<Domain, HttpLambdaIntegration>;

    for (const route of ROUTE_LIST) {
      new HttpRoute(this, `Route ${route.key}`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: integrations[route.domain],
      });
    }
    Validations.of(this).acknowledge(
      {
        id: 'AwsSolutions-APIG4',
        reason:
          'Authentication is the BFF session cookie, checked by each domain handler before any route marked auth "session" in functions/routes.ts runs; public routes (sign-up, login) must stay open.',
      },
      {
        id: 'AwsSolutions-COG4',
        reason: 'The browser never holds Cognito tokens (they stay on the server behind the session cookie), so there is no token for a Cognito authorizer to check.',
      },
    );
  }

  private domainFunction(domain: Domain, props: ApiProps): IFunction {
    const { fn } = new AppFunction(this, `${capitalize(domain)}Function`, {
      entry: `functions/api/${domain}.ts`,
      description: `API domain "${domain}" (${Stack.of(this).stackName})`,
      environment: CLIENT_SECRET_DOMAINS.includes(domain) ? { ...props.environment, USER_POOL_CLIENT_SECRET: props.clientSecret } : props.environment,
      timeout: Duration.seconds(DOMAIN_TIMEOUT_SECONDS[domain] ?? 10),
    });
    DOMAIN_ACCESS[domain](fn, props.resources);
    return fn;
  }
}

/**
 * API Gateway answers 503 after 30 s anyway; a request that takes 10 s is already broken, except a long
 * translation: a 4-hour transcript is about 23 Translate calls, 8 at a time (functions/engines/translation/aws-translate.ts).
 */
export const DOMAIN_TIMEOUT_SECONDS: Partial<Record<Domain, number>> = { translation: 28 };

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
