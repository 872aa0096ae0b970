/** The stack with the default configuration: what each construct must produce, and cdk-nag. */
import { existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { TABLE_SCHEMA } from '../../functions/data/table-schema';
import { MAX_API_BODY_BYTES, MEDIA_FUNCTION_SECONDS, ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../../functions/domain/constants';
import { MESSAGES } from '../../functions/domain/messages';
import { SHARED_PAGE_PREFIX } from '../../functions/domain/share-links';
import { mediaKey, speechAudioKey, transcribeOutputKey } from '../../functions/storage/media-store';
import { SHARED_MEDIA_SEGMENT } from '../../functions/storage/shared-media';
import { sharedMediaFunctionCode } from '../../infra/shared-media-edge';
import { userPrefix } from '../../functions/storage/user-data';
import { METRIC, METRICS_NAMESPACE, PAID_SERVICES } from '../../functions/domain/usage-metrics';
import { API_PATH_PATTERNS, DOMAINS, ROUTE_LIST } from '../../functions/contract';
import { FFMPEG_PACKAGE } from '../../infra/constructs/ffmpeg-layer';
import { USER_POOL_PASSWORD_POLICY } from '../../infra/password-policy';
import { ASL_PATH } from '../../infra/constructs/workflow';
import { eventWaitSeconds, MAX_EVENT_WAIT_SECONDS } from '../../functions/workflow/handler';
import { CLIENT_SECRET_DOMAINS, STAGE_THROTTLE } from '../../infra/constructs/api';
import { ALARM_THRESHOLDS, alarmMetrics } from '../../infra/constructs/alarms';
import { IDLE_ITEMS } from '../bench/cost';
import { API_ORIGIN_ID, pagePatterns, WEB_ORIGIN_ID } from '../../infra/constructs/web';
import { logicalId, nagFindings, synth, type Synthesized } from './synth';

/** AWS managed CloudFront policies (ids are fixed by AWS). */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
/** Headers CloudFront edge functions may not add (a 502 instead): "Restrictions on all edge functions", HTTP headers. */
const EDGE_DISALLOWED_HEADER = /^(connection|expect|keep-alive|proxy-authenticate|proxy-authorization|proxy-connection|trailer|upgrade|x-accel-.*|x-amz-cf-.*|x-amzn-.*|x-cache|x-edge-.*|x-forwarded-proto|x-real-ip)$/;
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

type Resource = { Properties: Record<string, any>; DeletionPolicy?: string };
type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

let s: Synthesized;
let siteDir: string;

const resources = (type: string): Record<string, Resource> => s.template.findResources(type) as Record<string, Resource>;
const only = (type: string, prefix: string): Resource => resources(type)[logicalId(s.template, type, prefix)]!;
const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const functionId = (domain: string): string => logicalId(s.template, 'AWS::Lambda::Function', `Api${capitalize(domain)}Function`);
const workflowFunctionId = (): string => logicalId(s.template, 'AWS::Lambda::Function', 'WorkflowStepFunction');
const admissionFunctionId = (): string => logicalId(s.template, 'AWS::Lambda::Function', 'AdmissionFunction');
const mediaFunctionId = (): string => logicalId(s.template, 'AWS::Lambda::Function', 'WorkflowMediaFunction');
const uploadsId = (): string => logicalId(s.template, 'AWS::S3::Bucket', 'StorageUploads');
const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** The statements of the default policy attached to one role. */
function statementsOfRole(rolePrefix: string): Statement[] {
  const roleId = logicalId(s.template, 'AWS::IAM::Role', rolePrefix);
  return Object.values(resources('AWS::IAM::Policy'))
    .filter((policy) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
}

beforeAll(() => {
  // A stand-in build, so the result does not depend on whether web/dist was built on this machine.
  siteDir = mkdtempSync(path.join(tmpdir(), 'site-'));
  mkdirSync(path.join(siteDir, 'assets'));
  writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(path.join(siteDir, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(path.join(siteDir, 'assets', 'app-1234.js.map'), '{"version":3}');
  s = synth({}, { siteDir });
});

afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

test('cdk-nag AwsSolutions: every finding is fixed or acknowledged with a reason', () => {
  expect(nagFindings(s)).toEqual([]);
});

describe('HTTP API', () => {
  test('one route per entry of the route table, each to its domain function, payload format 2.0', () => {
    const routes = Object.values(resources('AWS::ApiGatewayV2::Route'));
    expect(routes.map((route) => route.Properties.RouteKey).sort()).toEqual(ROUTE_LIST.map((route) => route.key).sort());

    const integrations = resources('AWS::ApiGatewayV2::Integration');
    for (const route of ROUTE_LIST) {
      const target = routes.find((candidate) => candidate.Properties.RouteKey === route.key)!.Properties.Target;
      const integrationId = target['Fn::Join'][1][1].Ref as string;
      const integration = integrations[integrationId]!.Properties;
      expect(integration).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
      expect(integration.IntegrationUri).toEqual({ 'Fn::GetAtt': [functionId(route.domain), 'Arn'] });
    }
  });

  test('the $default stage deploys automatically, logs access and throttles as a safety net far above one user (each has its own limit in the handlers)', () => {
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context.requestId') },
      DefaultRouteSettings: { ThrottlingRateLimit: STAGE_THROTTLE.rateLimit, ThrottlingBurstLimit: STAGE_THROTTLE.burstLimit },
    });
  });
});

describe('Lambda functions', () => {
  test('one per domain plus the workflow and media functions: Node 22 on arm64, own log group kept a month', () => {
    const ours = [...DOMAINS.map(functionId), workflowFunctionId(), mediaFunctionId()];
    const logGroups = resources('AWS::Logs::LogGroup');
    for (const id of ours) {
      const props = resources('AWS::Lambda::Function')[id]!.Properties;
      expect(props).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Handler: 'index.handler' });
      expect(logGroups[props.LoggingConfig.LogGroup.Ref]!.Properties.RetentionInDays).toBe(30);
    }
  });

  test("no API function can run past API Gateway's 30 s: 10 s each, a long translation 28 s", () => {
    const timeouts = Object.fromEntries(DOMAINS.map((domain) => [domain, resources('AWS::Lambda::Function')[functionId(domain)]!.Properties.Timeout]));
    expect(timeouts).toEqual(Object.fromEntries(DOMAINS.map((domain) => [domain, domain === 'translation' ? 28 : 10])));
  });

  test('the environment the handlers read (functions/platform/config.ts), with the site origin first', () => {
    const env = (id: string) => resources('AWS::Lambda::Function')[id]!.Properties.Environment.Variables;
    for (const id of [...DOMAINS.map(functionId), workflowFunctionId()]) {
      expect(env(id)).toMatchObject({
        APP_MODE: 'aws',
        NODE_OPTIONS: '--enable-source-maps',
        TABLE_NAME: { Ref: logicalId(s.template, 'AWS::DynamoDB::Table', 'DataTable') },
        UPLOADS_BUCKET: { Ref: uploadsId() },
        USER_POOL_ID: { Ref: logicalId(s.template, 'AWS::Cognito::UserPool', 'AuthUserPool') },
        USER_POOL_CLIENT_ID: { Ref: logicalId(s.template, 'AWS::Cognito::UserPoolClient', 'AuthUserPool') },
        BEDROCK_MODEL_ID: 'global.anthropic.claude-haiku-4-5-20251001-v1:0',
      });
      // https://<distribution domain>: a deploy-time value, so a join over the distribution's attribute.
      expect(JSON.stringify(env(id).APP_ORIGINS)).toMatch(/^\{"Fn::Join":\["",\["https:\/\/",\{"Fn::GetAtt":\["WebDistribution[0-9A-F]+","DomainName"\]\}\]\]\}$/);
    }
    for (const domain of DOMAINS) {
      expect(env(functionId(domain)).STATE_MACHINE_ARN).toEqual({ Ref: logicalId(s.template, 'AWS::StepFunctions::StateMachine', 'Workflow') });
    }
    // The state machine invokes the workflow function, so the function cannot also reference the machine.
    expect(env(workflowFunctionId()).STATE_MACHINE_ARN).toBeUndefined();
  });
});

describe('least privilege', () => {
  const allStatements = (): Statement[] =>
    Object.values(resources('AWS::IAM::Policy')).flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);

  test('no action wildcard on a whole service, and Resource "*" only where the service allows nothing else', () => {
    // CloudWatch Logs delivery and X-Ray (state machine logging and tracing), CloudFront invalidation (site upload), Amazon Translate,
    // starting a Transcribe job and answering a task token (test/infra/iam-simulation.test.ts checks these against the reference).
    const needsStar = /^(logs:(Create|Delete|Get|Update|List)LogDeliver(y|ies)|logs:Describe(LogGroups|ResourcePolicies)|logs:PutResourcePolicy|xray:\w+|cloudfront:(Create|Get)Invalidation|translate:TranslateText|transcribe:StartTranscriptionJob|transcribe:StartStreamTranscriptionWebSocket|states:SendTask(Success|Failure))$/;
    for (const statement of allStatements()) {
      for (const action of asList(statement.Action)) expect(action).not.toMatch(/^(\*|[a-z0-9-]+:\*)$/);
      if (asList(statement.Resource).includes('*')) {
        for (const action of asList(statement.Action)) expect(action).toMatch(needsStar);
      }
    }
  });

  const tableArn = () => ({ 'Fn::GetAtt': [logicalId(s.template, 'AWS::DynamoDB::Table', 'DataTable'), 'Arn'] });
  const ITEM_ACCESS = ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'];
  const withoutLogs = (role: string) => statementsOfRole(role).filter((statement) => !asList(statement.Action)[0]!.startsWith('logs:'));

  test("the session function may only use single table items, read a user's state, and write its own logs", () => {
    const statements = statementsOfRole('ApiSessionFunctionRole');
    expect(statements).toEqual([
      {
        Effect: 'Allow',
        Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        Resource: { 'Fn::GetAtt': [logicalId(s.template, 'AWS::Logs::LogGroup', 'ApiSessionFunctionLogs'), 'Arn'] },
      },
      { Effect: 'Allow', Action: ITEM_ACCESS, Resource: tableArn() },
      // AdminGetUser: the identity waiting at an unconfirmed address, to tie the browser that logged in with its password.
      { Effect: 'Allow', Action: 'cognito-idp:AdminGetUser', Resource: { 'Fn::GetAtt': [logicalId(s.template, 'AWS::Cognito::UserPool', 'AuthUserPool'), 'Arn'] } },
    ]);
    expect(JSON.stringify(statements)).not.toMatch(/"s3:|cognito-idp:Admin(?!GetUser)/);
  });

  test('the profile function may only use single table items', () => {
    expect(withoutLogs('ApiProfileFunctionRole')).toEqual([{ Effect: 'Allow', Action: ITEM_ACCESS, Resource: tableArn() }]);
  });

  test("the accounts function reaches a user's items through the user index, their objects and two Cognito admin calls", () => {
    const statements = withoutLogs('ApiAccountsFunctionRole');
    expect(statements).toEqual([
      {
        Effect: 'Allow',
        Action: [...ITEM_ACCESS, 'dynamodb:Query', 'dynamodb:BatchWriteItem'].sort(),
        Resource: [tableArn(), { 'Fn::Join': ['', [tableArn(), '/index/gsi1']] }],
      },
      { Effect: 'Allow', Action: 's3:ListBucket', Resource: { 'Fn::GetAtt': [uploadsId(), 'Arn'] } },
      { Effect: 'Allow', Action: 's3:DeleteObject', Resource: [{ 'Fn::Join': ['', [{ 'Fn::GetAtt': [uploadsId(), 'Arn'] }, '/engine/*']] }, { 'Fn::Join': ['', [{ 'Fn::GetAtt': [uploadsId(), 'Arn'] }, '/users/*']] }] },
      {
        Effect: 'Allow',
        Action: ['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminGetUser'],
        Resource: { 'Fn::GetAtt': [logicalId(s.template, 'AWS::Cognito::UserPool', 'AuthUserPool'), 'Arn'] },
      },
    ]);
  });

  test('the CustomMessage trigger may only put items (reset tokens), and is wired to the pool', () => {
    expect(withoutLogs('AuthCustomMessageFunctionRole')).toEqual([{ Effect: 'Allow', Action: 'dynamodb:PutItem', Resource: tableArn() }]);
    s.template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { CustomMessage: { 'Fn::GetAtt': [Match.stringLikeRegexp('^AuthCustomMessageFunction'), 'Arn'] } },
    });
  });

  test('the workflow function: user objects, items, its own Transcribe jobs, the Bedrock model, resuming its own state machine', () => {
    const statements = withoutLogs('WorkflowStepFunctionRole');
    const actions = statements.flatMap((statement) => asList(statement.Action)).sort();
    expect(actions).toEqual([
      'bedrock:InvokeModel',
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
      'lambda:InvokeFunction',
      's3:DeleteObject',
      's3:GetObject',
      's3:ListBucket',
      's3:PutObject',
      'states:SendTaskFailure',
      'states:SendTaskSuccess',
      'transcribe:DeleteTranscriptionJob',
      'transcribe:GetTranscriptionJob',
      'transcribe:StartTranscriptionJob',
      // Issue 31: a long text's translation runs in a text job.
      'translate:TranslateText',
    ]);
    const resourceOf = (action: string) => JSON.stringify(statements.find((statement) => asList(statement.Action).includes(action))!.Resource);
    expect(resourceOf('s3:GetObject')).toContain('/users/*');
    expect(resourceOf('s3:GetObject')).toContain('/engine/*');
    // No resource type for either (Service Authorization Reference): "*", the Transcribe one narrowed by its condition keys.
    const start = statements.find((statement) => asList(statement.Action).includes('transcribe:StartTranscriptionJob')) as Statement & { Condition: Record<string, Record<string, unknown>> };
    expect(start.Resource).toBe('*');
    expect(start.Condition.StringEquals!['transcribe:OutputBucketName']).toEqual({ Ref: uploadsId() });
    expect(start.Condition.StringLike!['transcribe:OutputKey']).toBe('engine/*');
    expect(resourceOf('states:SendTaskSuccess')).toBe('"*"');
    expect(resourceOf('bedrock:InvokeModel')).toMatch(/inference-profile\/global\.anthropic\.claude[^"]*".*foundation-model\/anthropic\.claude/);
    expect(resourceOf('dynamodb:GetItem')).toContain('DataTable');
    // PrepareMedia calls the media function: that one, unqualified.
    expect(resourceOf('lambda:InvokeFunction')).toBe(JSON.stringify({ 'Fn::GetAtt': [mediaFunctionId(), 'Arn'] }));
  });

  test('the media function, whose ffmpeg decodes untrusted uploads, may only write its own logs: no storage, item or other grant, no managed policy; only the workflow function may call it', () => {
    const mediaLogs = { 'Fn::GetAtt': [logicalId(s.template, 'AWS::Logs::LogGroup', 'WorkflowMediaLogs'), 'Arn'] };
    expect(statementsOfRole('WorkflowMediaRole')).toEqual([{ Effect: 'Allow', Action: ['logs:CreateLogStream', 'logs:PutLogEvents'], Resource: mediaLogs }]);
    expect(only('AWS::IAM::Role', 'WorkflowMediaRole').Properties.ManagedPolicyArns).toBeUndefined();
    expect(resources('AWS::Lambda::Function')[mediaFunctionId()]!.Properties.Role).toEqual({ 'Fn::GetAtt': [logicalId(s.template, 'AWS::IAM::Role', 'WorkflowMediaRole'), 'Arn'] });
    // Who may call it: the one grant naming it, and no resource policy (no other principal, no function URL).
    const naming = Object.entries(resources('AWS::IAM::Policy')).flatMap(([id, policy]) =>
      (policy.Properties.PolicyDocument.Statement as Statement[]).filter((statement) => JSON.stringify(statement.Resource).includes(mediaFunctionId())).map((statement) => ({ id, statement })),
    );
    expect(naming.map(({ statement }) => statement)).toEqual([{ Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [mediaFunctionId(), 'Arn'] } }]);
    expect(statementsOfRole('WorkflowStepFunctionRole')).toContainEqual(naming[0]!.statement);
    expect(Object.values(resources('AWS::Lambda::Permission')).filter((permission) => JSON.stringify(permission.Properties.FunctionName).includes(mediaFunctionId()))).toEqual([]);
    s.template.resourceCountIs('AWS::Lambda::Url', 0);
    expect(resources('AWS::Lambda::Function')[workflowFunctionId()]!.Properties.Environment.Variables.MEDIA_FUNCTION_NAME).toEqual({ Ref: mediaFunctionId() });
  });

  test('the transcripts function: items, user objects, starting the workflow, and the summary model', () => {
    const actions = withoutLogs('ApiTranscriptsFunctionRole').flatMap((statement) => asList(statement.Action)).sort();
    expect(actions).toEqual([...ITEM_ACCESS, 'bedrock:InvokeModel', 'dynamodb:BatchGetItem', 'dynamodb:Query', 's3:DeleteObject', 's3:GetObject', 's3:ListBucket', 's3:ListMultipartUploadParts', 's3:PutObject', 's3:PutObjectTagging', 'states:StartExecution'].sort());
  });

  test('search by meaning: only the transcripts and workflow functions may call Titan Text Embeddings V2, only InvokeModel, in their own region', () => {
    const titan = (role: string) => withoutLogs(role).filter((statement) => JSON.stringify(statement.Resource).includes('titan-embed'));
    for (const role of ['ApiTranscriptsFunctionRole', 'WorkflowStepFunctionRole']) {
      expect(titan(role)).toEqual([{ Effect: 'Allow', Action: 'bedrock:InvokeModel', Resource: expect.anything() }]);
      expect(JSON.stringify(titan(role)[0]!.Resource)).toMatch(/:bedrock:",\{"Ref":"AWS::Region"\},"::foundation-model\/amazon\.titan-embed-text-v2:0"/);
    }
    const others = Object.entries(resources('AWS::IAM::Policy')).filter(([, policy]) => JSON.stringify(policy.Properties.PolicyDocument).includes('titan-embed'));
    expect(others).toHaveLength(2);
  });

  test('projects, tags and translation functions: only what their routes use', () => {
    const actionsOf = (role: string) => [...new Set(withoutLogs(role).flatMap((statement) => asList(statement.Action)))].sort();
    expect(actionsOf('ApiProjectsFunctionRole')).toEqual([...ITEM_ACCESS, 'dynamodb:Query'].sort());
    expect(actionsOf('ApiTagsFunctionRole')).toEqual([...ITEM_ACCESS, 'dynamodb:Query'].sort());
    expect(actionsOf('ApiTranslationFunctionRole')).toEqual(['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem', 's3:GetObject', 's3:ListBucket', 's3:PutObject', 'states:StartExecution', 'translate:TranslateText']);
  });

  test('the google function: single items (session, profile, counters) and the four Cognito admin calls of Google accounts', () => {
    expect(withoutLogs('ApiGoogleFunctionRole')).toEqual([
      { Effect: 'Allow', Action: ITEM_ACCESS, Resource: tableArn() },
      {
        Effect: 'Allow',
        Action: ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminDeleteUser', 'cognito-idp:AdminGetUser', 'cognito-idp:AdminSetUserPassword'],
        Resource: { 'Fn::GetAtt': [logicalId(s.template, 'AWS::Cognito::UserPool', 'AuthUserPool'), 'Arn'] },
      },
    ]);
    // Without Google configuration the API is told so by the absence of the hosted UI domain.
    expect(resources('AWS::Lambda::Function')[functionId('google')]!.Properties.Environment.Variables.GOOGLE_AUTH_DOMAIN).toBeUndefined();
  });

  test('the support function: the session and its question counter, and the configured Bedrock model only', () => {
    const statements = withoutLogs('ApiSupportFunctionRole');
    expect(statements[0]).toEqual({ Effect: 'Allow', Action: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem'], Resource: tableArn() });
    expect(statements.slice(1).map((statement) => statement.Action)).toEqual(['bedrock:InvokeModel']);
    expect(JSON.stringify(statements[1]!.Resource)).toMatch(/inference-profile\/global\.anthropic\.claude-haiku-4-5-20251001-v1:0".*foundation-model\/anthropic\.claude-haiku-4-5-20251001-v1:0/);
    expect(JSON.stringify(statements)).not.toMatch(/"s3:|cognito-idp:|PutItem/);
  });

  test('the live function (issue 29): its items and the user index (the quota), and only starting streams of Transcribe, which it presigns', () => {
    const statements = withoutLogs('ApiLiveFunctionRole');
    expect(statements).toEqual([
      { Effect: 'Allow', Action: [...ITEM_ACCESS, 'dynamodb:Query'].sort(), Resource: [tableArn(), { 'Fn::Join': ['', [tableArn(), '/index/gsi1']] }] },
      // The action has no resource type (Service Authorization Reference): "*".
      { Effect: 'Allow', Action: 'transcribe:StartStreamTranscriptionWebSocket', Resource: '*' },
    ]);
    expect(JSON.stringify(statements)).not.toMatch(/"s3:|cognito-idp:|bedrock:|states:|transcribe:(?!StartStreamTranscriptionWebSocket)/);
  });

  /**
   * A state machine of workflow steps (`name`StateMachine): checks its role may invoke the workflow function and
   * nothing else, and answers its id and the policies that name it (who may start it), sorted.
   */
  function workflowStepMachine(name: string): { machineId: string; starters: string[] } {
    const machineId = logicalId(s.template, 'AWS::StepFunctions::StateMachine', `${name}StateMachine`);
    const invoke = statementsOfRole(`${name}StateMachineRole`).filter((statement) => !asList(statement.Action).some((a) => a.startsWith('logs:') || a.startsWith('xray:')));
    expect(invoke).toEqual([{ Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [workflowFunctionId(), 'Arn'] } }]);
    const starters = Object.entries(resources('AWS::IAM::Policy'))
      .filter(([, policy]) => (policy.Properties.PolicyDocument.Statement as Statement[]).some((statement) => JSON.stringify(statement.Resource).includes(machineId)))
      .map(([id]) => id.replace(/[0-9A-F]{8}$/, ''))
      .sort();
    return { machineId, starters };
  }

  test('issue 31: the text-jobs state machine may invoke the workflow function and nothing else, and only the transcripts and translation functions may start it', () => {
    const { machineId, starters } = workflowStepMachine('TextJobs');
    expect(starters).toEqual(['ApiTranscriptsFunctionRoleDefaultPolicy', 'ApiTranslationFunctionRoleDefaultPolicy']);
    for (const role of ['ApiTranscriptsFunctionRole', 'ApiTranslationFunctionRole']) {
      const naming = statementsOfRole(role).filter((statement) => JSON.stringify(statement.Resource).includes(machineId));
      // Only StartExecution names it (CDK may merge it with the transcription machine's in one statement).
      expect(naming.map((statement) => statement.Action)).toEqual(['states:StartExecution']);
    }
  });

  test('issue 30: the vector-backfill state machine may invoke the workflow function and nothing else, and only the transcripts function (Ask) may start it', () => {
    const { machineId, starters } = workflowStepMachine('VectorBackfill');
    expect(starters).toEqual(['ApiTranscriptsFunctionRoleDefaultPolicy']);
    expect(statementsOfRole('ApiTranscriptsFunctionRole').filter((statement) => JSON.stringify(statement.Resource).includes(machineId)).map((statement) => statement.Action)).toEqual(['states:StartExecution']);
    expect(resources('AWS::Lambda::Function')[functionId('transcripts')]!.Properties.Environment.Variables.VECTOR_BACKFILL_STATE_MACHINE_ARN).toEqual({ Ref: machineId });
    // Its one step embeds with the workflow function's own grant (Titan only), nothing more for the backfill.
    expect(statementsOfRole('WorkflowStepFunctionRole').filter((statement) => asList(statement.Action).includes('bedrock:InvokeModel')).length).toBeGreaterThan(0);
  });

  test('the state machine may invoke the workflow function and nothing else', () => {
    const invoke = statementsOfRole('WorkflowStateMachineRole').filter((statement) => asList(statement.Action).some((a) => a.startsWith('lambda:')));
    expect(invoke).toEqual([{ Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [workflowFunctionId(), 'Arn'] } }]);
  });
});

describe('storage', () => {
  test('leftover engine files expire only after any run that may still read them has ended (the state machine times out)', () => {
    const rules = only('AWS::S3::Bucket', 'StorageUploads').Properties.LifecycleConfiguration.Rules as { Id: string; Prefix?: string; ExpirationInDays?: number }[];
    const rule = rules.find((candidate) => candidate.Id === 'ExpireEngineFiles')!;
    expect(transcribeOutputKey('u', 't').startsWith(rule.Prefix!)).toBe(true);
    expect(speechAudioKey('u', 't').startsWith(rule.Prefix!)).toBe(true);
    // No other key the code builds is under it.
    expect(userPrefix('u').startsWith(rule.Prefix!)).toBe(false);
    const { TimeoutSeconds } = JSON.parse(readFileSync(ASL_PATH, 'utf8')) as { TimeoutSeconds: number };
    expect(rule.ExpirationInDays! * 24 * 60 * 60).toBeGreaterThan(TimeoutSeconds);
  });

  test('uploads bucket: private, encrypted, TLS only, CORS for the site, aborts stale multipart uploads, expires untranscribed uploads and leftover engine files, logged, kept', () => {
    const bucket = only('AWS::S3::Bucket', 'StorageUploads');
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      LifecycleConfiguration: {
        Rules: [
          { Id: 'AbortUnfinishedUploads', AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' },
          // Only objects still tagged pending (functions/storage/media-store.ts): a transcribed recording loses the tag and stays.
          { Id: 'ExpireUntranscribedUploads', ExpirationInDays: 1, TagFilters: [{ Key: 'scribely-state', Value: 'pending' }], Status: 'Enabled' },
          // A job's converted audio and Transcribe's (untagged) output, under a prefix of their own (functions/storage/media-store.ts).
          { Id: 'ExpireEngineFiles', ExpirationInDays: 1, Prefix: 'engine/', Status: 'Enabled' },
        ],
      },
      LoggingConfiguration: { DestinationBucketName: { Ref: logicalId(s.template, 'AWS::S3::Bucket', 'StorageAccessLogs') } },
    });
    const [cors] = bucket.Properties.CorsConfiguration.CorsRules;
    expect(cors.AllowedMethods.sort()).toEqual(['GET', 'HEAD', 'PUT']);
    expect(cors.ExposedHeaders).toEqual(['ETag']);
    expect(JSON.stringify(cors.AllowedOrigins)).toMatch(/"https:\/\/",\{"Fn::GetAtt":\["WebDistribution/);
  });

  test('every bucket refuses requests without TLS', () => {
    const buckets = Object.keys(resources('AWS::S3::Bucket'));
    const policies = Object.values(resources('AWS::S3::BucketPolicy'));
    for (const bucket of buckets) {
      const policy = policies.find((candidate) => candidate.Properties.Bucket.Ref === bucket);
      expect(policy?.Properties.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });
});

describe('data', () => {
  test('the single table from TABLE_SCHEMA: on demand, point-in-time recovery, TTL, its indexes, kept', () => {
    const table = only('AWS::DynamoDB::Table', 'DataTable');
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' },
      ],
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: TABLE_SCHEMA.ttlAttribute, Enabled: true },
      DeletionProtectionEnabled: true,
      GlobalSecondaryIndexes: Object.values(TABLE_SCHEMA.indexes).map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
  });
});

describe('identity', () => {
  test('user pool: e-mail sign-in, self sign-up, code verification, the shared password policy, kept', () => {
    const pool = only('AWS::Cognito::UserPool', 'AuthUserPool');
    expect(pool.DeletionPolicy).toBe('Retain');
    expect(pool.Properties).toMatchObject({
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_CODE' },
      Policies: {
        PasswordPolicy: USER_POOL_PASSWORD_POLICY,
      },
    });
  });

  test('one app client for the backend: with a secret (its public id alone opens nothing), password flows, no OAuth and no Google without configuration', () => {
    s.template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    s.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: true,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_ADMIN_USER_PASSWORD_AUTH']),
      PreventUserExistenceErrors: 'ENABLED',
      AllowedOAuthFlows: Match.absent(),
      SupportedIdentityProviders: ['COGNITO'],
    });
    s.template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    s.template.resourceCountIs('AWS::Cognito::UserPoolDomain', 0);
  });
});

describe('workflow', () => {
  test('PrepareMedia converts in the media function, with the ffmpeg of a layer: the arm64 binary from its npm package at /opt/ffmpeg, sized for a 4-hour recording', () => {
    const layerId = logicalId(s.template, 'AWS::Lambda::LayerVersion', 'WorkflowFfmpeg');
    expect(only('AWS::Lambda::LayerVersion', 'WorkflowFfmpeg').Properties).toMatchObject({ CompatibleArchitectures: ['arm64'], CompatibleRuntimes: ['nodejs24.x'] });
    const media = resources('AWS::Lambda::Function')[mediaFunctionId()]!.Properties;
    expect(media).toMatchObject({ Layers: [{ Ref: layerId }], Architectures: ['arm64'], MemorySize: 1769, Timeout: MEDIA_FUNCTION_SECONDS, EphemeralStorage: { Size: 2048 } });
    expect(media.Environment.Variables.FFMPEG_PATH).toBe('/opt/ffmpeg');
    // The steps' function runs no ffmpeg, and waits for the media function within its own limit.
    const steps = resources('AWS::Lambda::Function')[workflowFunctionId()]!.Properties;
    expect(steps.Layers).toBeUndefined();
    expect(steps.Environment.Variables.FFMPEG_PATH).toBeUndefined();
    expect(steps.Timeout).toBe(900);
    expect(media.Timeout).toBeLessThan(steps.Timeout);
    // What the layer's zip holds: the package's own files, its binary at the root (a layer unpacks into /opt).
    const assetHash = String(resources('AWS::Lambda::LayerVersion')[layerId]!.Properties.Content.S3Key).replace(/\.zip$/, '');
    const content = path.join(s.app.outdir, `asset.${assetHash}`);
    expect(JSON.parse(readFileSync(path.join(content, 'package.json'), 'utf8'))).toMatchObject({ name: FFMPEG_PACKAGE, cpu: ['arm64'] });
    const binary = readFileSync(path.join(content, 'ffmpeg'));
    // An ELF executable for AArch64 (e_machine 183), the architecture of every function here.
    expect([binary.subarray(0, 4).toString('latin1'), binary.readUInt16LE(18)]).toEqual(['\x7fELF', 183]);
    expect(statSync(path.join(content, 'ffmpeg')).mode & 0o111).not.toBe(0);
    // The state's own bound fits within the function's.
    expect(JSON.parse(readFileSync(ASL_PATH, 'utf8')).States.PrepareMedia.TimeoutSeconds).toBeLessThanOrEqual(steps.Timeout);
  });

  test('a Standard state machine from the ASL file, the function ARN substituted, logged and traced', () => {
    const machine = only('AWS::StepFunctions::StateMachine', 'Workflow').Properties;
    const asl = JSON.parse(readFileSync(ASL_PATH, 'utf8'));
    expect(JSON.parse(machine.DefinitionString)).toEqual(asl);
    expect(Object.keys(asl.States)).toEqual(expect.arrayContaining(['PrepareMedia', 'MarkFailed']));
    expect(machine).toMatchObject({
      StateMachineType: 'STANDARD',
      DefinitionSubstitutions: { WorkflowFunctionArn: { 'Fn::GetAtt': [workflowFunctionId(), 'Arn'] } },
      LoggingConfiguration: { Level: 'ALL', IncludeExecutionData: false },
      TracingConfiguration: { Enabled: true },
    });
  });

  test("a job waits for one of its user's speech-job slots before the speech job starts, asking again after a Wait (issue 16); every way out of the wait fails through MarkFailed, which frees the slot", () => {
    const { States: states } = JSON.parse(readFileSync(ASL_PATH, 'utf8'));
    expect(states.PrepareMedia.Next).toBe('AcquireSlot');
    expect(states.AcquireSlot).toMatchObject({
      Type: 'Task',
      Parameters: { Payload: { step: 'AcquireSlot', 'input.$': '$' } },
      ResultSelector: { 'acquired.$': '$.Payload.acquired', 'waitSeconds.$': '$.Payload.waitSeconds' },
      ResultPath: '$.slot',
      Catch: [{ ErrorEquals: ['States.ALL'], Next: 'MarkFailed' }],
      Next: 'HasSlot',
    });
    expect(states.HasSlot).toEqual({ Type: 'Choice', Choices: [{ Variable: '$.slot.acquired', BooleanEquals: true, Next: 'StartTranscription' }], Default: 'WaitForSlot' });
    expect(states.WaitForSlot).toEqual({ Type: 'Wait', SecondsPath: '$.slot.waitSeconds', Next: 'AcquireSlot' });
    // The slot is freed by the step after the speech job, and by MarkFailed on any failure.
    expect(states.StartTranscription.Next).toBe('ParseTranscript');
    expect(states.StartTranscription.Catch.at(-1)).toMatchObject({ ErrorEquals: ['States.ALL'], Next: 'MarkFailed' });
  });

  test('a lost completion event is found within 15 minutes whatever the length (issue 31 point 3): each wait is capped, then the job is checked and waited for again', () => {
    const { States: states } = JSON.parse(readFileSync(ASL_PATH, 'utf8'));
    expect(states.PrepareMedia.ResultSelector['waitSeconds.$']).toBe('$.Payload.waitSeconds');
    expect(states.StartTranscription.TimeoutSecondsPath).toBe('$.prepared.waitSeconds');
    expect(states.StartTranscription.TimeoutSeconds).toBeUndefined();
    // The wait running out starts the step again, which asks Transcribe how the job stands (aws-path.test.ts).
    expect(states.StartTranscription.Catch[0]).toEqual({ ErrorEquals: ['States.Timeout'], ResultPath: '$.eventWait', Next: 'StartTranscription' });
    // What PrepareMedia puts in waitSeconds: a 4-hour recording, a file that does not tell its length, a configured wait.
    expect(MAX_EVENT_WAIT_SECONDS).toBeLessThanOrEqual(15 * 60);
    expect(eventWaitSeconds({ size: 500e6, durationSeconds: 4 * 3600 }, undefined)).toBe(MAX_EVENT_WAIT_SECONDS);
    expect(eventWaitSeconds({ size: 500e6, durationSeconds: null }, undefined)).toBe(MAX_EVENT_WAIT_SECONDS);
    expect(eventWaitSeconds({ size: 1e6, durationSeconds: 60 }, undefined)).toBe(11 * 60);
    expect(eventWaitSeconds({ size: 1e6, durationSeconds: 60 }, 3600)).toBe(MAX_EVENT_WAIT_SECONDS);
    // The other wait, for a slot, is bounded by its setting.
    expect(states.WaitForSlot.SecondsPath).toBe('$.slot.waitSeconds');
  });

  test("the state machine logs to a group under /aws/vendedlogs/ (the documented place for Step Functions' vended logs)", () => {
    expect(only('AWS::Logs::LogGroup', 'WorkflowLogs').Properties.LogGroupName).toBe('/aws/vendedlogs/states/TranscribeApp-transcription');
  });

  test("Transcribe job state changes of this stack's jobs only reach the workflow function as a step (names and events are account-wide)", () => {
    const rule = only('AWS::Events::Rule', 'Workflow').Properties;
    expect(rule.EventPattern).toEqual({
      source: ['aws.transcribe'],
      'detail-type': ['Transcribe Job State Change'],
      detail: { TranscriptionJobStatus: ['COMPLETED', 'FAILED'], TranscriptionJobName: [{ prefix: 'TranscribeApp-transcript-' }] },
    });
    // The steps name their jobs with the same prefix.
    expect(resources('AWS::Lambda::Function')[workflowFunctionId()]!.Properties.Environment.Variables.TRANSCRIBE_JOB_PREFIX).toBe('TranscribeApp-transcript-');
    const [target] = rule.Targets;
    expect(target.Arn).toEqual({ 'Fn::GetAtt': [workflowFunctionId(), 'Arn'] });
    expect(target.InputTransformer.InputTemplate).toMatch(/"step":"TranscriptionJobStateChange"/);
  });
});

describe('admission (issue 31 point 1)', () => {
  const machine = () => ({ Ref: logicalId(s.template, 'AWS::StepFunctions::StateMachine', 'Workflow') });

  test("every end of this stack's runs (whatever its outcome) and a sweep each minute reach the starter", () => {
    const ended = only('AWS::Events::Rule', 'AdmissionRunEnded').Properties;
    expect(ended.EventPattern).toEqual({ source: ['aws.states'], 'detail-type': ['Step Functions Execution Status Change'], detail: { stateMachineArn: [machine()], status: ['SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'] } });
    expect(ended.Targets[0].Arn).toEqual({ 'Fn::GetAtt': [admissionFunctionId(), 'Arn'] });
    expect(ended.Targets[0].InputTransformer).toMatchObject({ InputPathsMap: { 'detail-name': '$.detail.name' }, InputTemplate: '{"kind":"ended","name":<detail-name>}' });
    const sweep = only('AWS::Events::Rule', 'AdmissionSweep').Properties;
    expect(sweep.ScheduleExpression).toBe('rate(1 minute)');
    expect(sweep.Targets[0]).toMatchObject({ Arn: { 'Fn::GetAtt': [admissionFunctionId(), 'Arn'] }, Input: '{"kind":"sweep"}' });
    expect(resources('AWS::Lambda::Function')[admissionFunctionId()]!.Properties.Environment.Variables.STATE_MACHINE_ARN).toEqual(machine());
  });

  test('its role may only start this state machine, ask about its executions, and read and write the table (no index, no storage, no AI service)', () => {
    const roleId = resources('AWS::Lambda::Function')[admissionFunctionId()]!.Properties.Role['Fn::GetAtt'][0];
    const statements = Object.values(resources('AWS::IAM::Policy'))
      .filter((policy) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
    const actions = statements.flatMap((statement) => [statement.Action].flat()).sort();
    // Besides its own log group and traces, which every function of the app has.
    const own = actions.filter((action) => action.startsWith('xray:') || action.startsWith('logs:'));
    expect(actions).toEqual(['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'states:DescribeExecution', 'states:StartExecution', ...own].sort());
    expect(statements.find((statement) => statement.Action === 'states:StartExecution')!.Resource).toEqual(machine());
    expect(JSON.stringify(statements.find((statement) => statement.Action === 'states:DescribeExecution')!.Resource)).toContain(':execution:TranscribeApp-transcription:*');
    expect(statements.find((statement) => [statement.Action].flat().includes('dynamodb:Query'))!.Resource).toEqual({ 'Fn::GetAtt': [logicalId(s.template, 'AWS::DynamoDB::Table', 'DataTable'), 'Arn'] });
  });
});

/** The public pages of shared transcripts (issue 15). */
const SHARED_PAGES = `${SHARED_PAGE_PREFIX}*`;
/** Shared links' recordings, opened at the edge (issue 25, point 2). */
const SHARED_MEDIA = `${SHARED_MEDIA_SEGMENT}*`;

describe('web', () => {
  const distribution = () => only('AWS::CloudFront::Distribution', 'WebDistribution').Properties.DistributionConfig;
  const functionCode = (prefix: string): string => only('AWS::CloudFront::Function', prefix).Properties.FunctionCode;

  test("CloudFront adds the generated origin secret to every API request, and each API function checks it; the value is never in the template", () => {
    const secretId = logicalId(s.template, 'AWS::SecretsManager::Secret', 'OriginVerifySecret');
    const reference = { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] };
    expect(only('AWS::SecretsManager::Secret', 'OriginVerifySecret').Properties.GenerateSecretString).toMatchObject({ ExcludePunctuation: true, PasswordLength: 48 });
    const api = (distribution().Origins as Record<string, any>[]).find((origin) => origin.Id === API_ORIGIN_ID)!;
    expect(api.OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: reference }]);
    for (const domain of DOMAINS) {
      expect(resources('AWS::Lambda::Function')[functionId(domain)]!.Properties.Environment.Variables.ORIGIN_VERIFY_SECRET).toEqual(reference);
    }
  });

  test("the app client's secret is resolved at deploy into the settings of the functions that sign Cognito calls, no other; no function describes the client at a cold start", () => {
    const provider = logicalId(s.template, 'Custom::DescribeCognitoUserPoolClient', 'AuthUserPoolBackendClientDescribeCognitoUserPoolClient');
    for (const domain of DOMAINS) {
      const secret = resources('AWS::Lambda::Function')[functionId(domain)]!.Properties.Environment.Variables.USER_POOL_CLIENT_SECRET;
      if (CLIENT_SECRET_DOMAINS.includes(domain)) expect(secret).toEqual({ 'Fn::GetAtt': [provider, 'UserPoolClient.ClientSecret'] });
      else expect(secret).toBeUndefined();
    }
    // Only the deploy-time custom resource's role may describe the client.
    const describers = Object.entries(resources('AWS::IAM::Policy')).filter(([, policy]) => JSON.stringify(policy.Properties.PolicyDocument).includes('cognito-idp:DescribeUserPoolClient'));
    expect(describers.map(([id]) => id)).toEqual([logicalId(s.template, 'AWS::IAM::Policy', 'AuthUserPoolBackendClientDescribeCognitoUserPoolClientCustomResourcePolicy')]);
  });

  test('the site comes from the private bucket through origin access control, the API from the HTTP API', () => {
    const origins = distribution().Origins as Record<string, any>[];
    const web = origins.find((origin) => origin.Id === WEB_ORIGIN_ID)!;
    expect(web.OriginAccessControlId).toBeDefined();
    expect(web.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    const api = origins.find((origin) => origin.Id === API_ORIGIN_ID)!;
    expect(api.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    expect(JSON.stringify(api.DomainName)).toContain(logicalId(s.template, 'AWS::ApiGatewayV2::Api', 'ApiHttpApi'));
  });

  test('every API path (docs/architecture.md#http-contract) goes to the API uncached, with cookies and query strings, without Host', () => {
    const all = distribution().CacheBehaviors as Record<string, any>[];
    expect(all.map((behavior) => behavior.PathPattern).sort()).toEqual([...API_PATH_PATTERNS, SHARED_PAGES, SHARED_MEDIA].sort());
    const behaviors = all.filter((behavior) => behavior.PathPattern !== SHARED_PAGES && behavior.PathPattern !== SHARED_MEDIA);
    for (const behavior of behaviors) {
      expect(behavior).toMatchObject({
        TargetOriginId: API_ORIGIN_ID,
        ViewerProtocolPolicy: 'redirect-to-https',
        CachePolicyId: CACHING_DISABLED,
        OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
        AllowedMethods: expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
      });
      // Each API path runs one viewer-request function: the page-or-API one on paths that are also pages.
      const expected = pagePatterns().includes(behavior.PathPattern) ? 'WebPageOrApi' : 'WebApiRequest';
      expect(behavior.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [logicalId(s.template, 'AWS::CloudFront::Function', expected), 'FunctionARN'] } }]);
    }
    expect(pagePatterns()).toContain('/signup');
  });

  test('no error-page rewriting, so the API keeps its JSON 404s; SPA routing is a viewer-request function', () => {
    expect(distribution().CustomErrorResponses).toBeUndefined();
    expect(distribution().DefaultCacheBehavior).toMatchObject({
      TargetOriginId: WEB_ORIGIN_ID,
      ViewerProtocolPolicy: 'redirect-to-https',
      FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [logicalId(s.template, 'AWS::CloudFront::Function', 'WebSpaRouting'), 'FunctionARN'] } }],
    });
  });

  test('SPA routing sends page URLs to /index.html and leaves static files alone', () => {
    const handler = new Function(`${functionCode('WebSpaRouting')}; return handler;`)() as (event: unknown) => { uri: string };
    const route = (uri: string) => handler({ request: { uri, method: 'GET' } }).uri;
    for (const page of ['/', '/dashboard', '/transcript/abc', '/reset-password/a.b.c', '/verify']) expect(route(page)).toBe('/index.html');
    for (const file of ['/assets/index-1a2b.js', '/favicon.svg', '/index.html', '/live/ort1.30.0-m0.1.29/moonshine/en/encoder_model.onnx']) expect(route(file)).toBe(file);
  });

  test('on an API path that is also a page, GET and HEAD get the app from the web origin, other methods the API', () => {
    const selected: string[] = [];
    const cf = { selectRequestOriginById: (id: string) => selected.push(id) };
    const code = functionCode('WebPageOrApi').replace("import cf from 'cloudfront';", '');
    const handler = new Function('cf', `${code}; return handler;`)(cf) as (event: unknown) => Record<string, unknown>;
    const request = (method: string) => ({ method, uri: '/signup', headers: {}, querystring: { a: { value: '1' } }, cookies: { sid: { value: 'x' } } });

    const viewer = { ip: '203.0.113.7' };
    const stamped = { [VIEWER_ADDRESS_HEADER]: { value: viewer.ip } };
    expect(handler({ request: request('GET'), viewer })).toEqual({ method: 'GET', uri: '/index.html', headers: stamped, querystring: {}, cookies: {} });
    expect(selected).toEqual([WEB_ORIGIN_ID]);
    expect(handler({ request: request('POST'), viewer })).toEqual({ ...request('POST'), headers: stamped });
    expect(selected).toEqual([WEB_ORIGIN_ID]);
    expect(functionCode('WebPageOrApi')).toMatch(/^import cf from 'cloudfront';/);
    s.template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionConfig: { Runtime: 'cloudfront-js-2.0' },
      FunctionCode: Match.stringLikeRegexp('selectRequestOriginById'),
    });
  });

  test.each(['WebApiRequest', 'WebPageOrApi'])('%s answers a body larger than the API carries with the JSON 413 the local gateway gives, and passes the rest', (prefix) => {
    const code = functionCode(prefix).replace("import cf from 'cloudfront';", '');
    const handler = new Function('cf', `${code}; return handler;`)({ selectRequestOriginById: () => undefined }) as (event: unknown) => Record<string, any>;
    const post = (length?: number) => ({ method: 'POST', uri: '/api/transcribe', headers: length === undefined ? {} : { 'content-length': { value: String(length) } }, querystring: {}, cookies: {} });
    const refused = handler({ request: post(MAX_API_BODY_BYTES + 1) });
    expect(refused).toMatchObject({ statusCode: 413, headers: { 'content-type': { value: 'application/json; charset=utf-8' } } });
    expect(JSON.parse(refused.body.data)).toEqual({ error: MESSAGES.bodyTooLarge });
    expect(refused.body.encoding).toBe('text');
    // Headers an edge function may not set (CloudFront answers 502 instead): none in the 413.
    expect(Object.keys(refused.headers).filter((name) => EDGE_DISALLOWED_HEADER.test(name))).toEqual([]);
    const passed = (request: ReturnType<typeof post>) => ({ ...request, headers: { ...request.headers, [VIEWER_ADDRESS_HEADER]: { value: '203.0.113.7' } } });
    expect(handler({ request: post(MAX_API_BODY_BYTES), viewer: { ip: '203.0.113.7' } })).toEqual(passed(post(MAX_API_BODY_BYTES)));
    expect(handler({ request: post(), viewer: { ip: '203.0.113.7' } })).toEqual(passed(post()));
  });

  test.each(['WebApiRequest', 'WebPageOrApi'])("%s stamps the viewer's address on API requests for the per-address limits, over any the viewer sent", (prefix) => {
    const code = functionCode(prefix).replace("import cf from 'cloudfront';", '');
    const handler = new Function('cf', `${code}; return handler;`)({ selectRequestOriginById: () => undefined }) as (event: unknown) => Record<string, any>;
    const forged = { method: 'POST', uri: '/api/login', headers: { [VIEWER_ADDRESS_HEADER]: { value: '198.51.100.1' } }, querystring: {}, cookies: {} };
    expect(handler({ request: forged, viewer: { ip: '2001:db8::9' } }).headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: '2001:db8::9' });
  });

  test('a usage dashboard reads the metrics the code writes (jobs, audio, paid calls and their billed units) and the API, functions and workflow', () => {
    const body = JSON.stringify(only('AWS::CloudWatch::Dashboard', 'UsageDashboard').Properties.DashboardBody);
    for (const name of Object.values(METRIC)) expect(body).toContain(`\\"${METRICS_NAMESPACE}\\",\\"${name}\\"`);
    for (const engine of PAID_SERVICES) expect(body).toContain(`\\"engine\\",\\"${engine}\\"`);
    for (const name of ['AWS/ApiGateway', 'AWS/Lambda', 'AWS/States']) expect(body).toContain(name);
  });

  test('a monthly budget is on by default ($100), notifying the alarm topic at 80 % spent and at 100 % forecast (issue 31 point 7)', () => {
    const topic = { Ref: logicalId(s.template, 'AWS::SNS::Topic', 'AlarmsTopic') };
    const budget = only('AWS::Budgets::Budget', 'UsageBudget').Properties;
    expect(budget.Budget).toMatchObject({ BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 100, Unit: 'USD' } });
    expect(budget.NotificationsWithSubscribers.map((notice: { Notification: unknown }) => notice.Notification)).toEqual([
      { NotificationType: 'ACTUAL', ComparisonOperator: 'GREATER_THAN', Threshold: 80, ThresholdType: 'PERCENTAGE' },
      { NotificationType: 'FORECASTED', ComparisonOperator: 'GREATER_THAN', Threshold: 100, ThresholdType: 'PERCENTAGE' },
    ]);
    for (const notice of budget.NotificationsWithSubscribers) expect(notice.Subscribers).toEqual([{ SubscriptionType: 'SNS', Address: topic }]);
    // Budgets may publish to the topic, for this account only.
    const policy = only('AWS::SNS::TopicPolicy', 'AlarmsTopicPolicy').Properties.PolicyDocument.Statement;
    expect(policy).toContainEqual(expect.objectContaining({ Effect: 'Allow', Principal: { Service: 'budgets.amazonaws.com' }, Action: 'sns:Publish', Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } } }));
  });

  test('alarms to an SNS topic (issue 31 point 5): failed and timed-out runs, the API 5xx rate, every function\'s errors, Lambda, Bedrock and Translate throttling; no e-mail unless configured', () => {
    const topic = { Ref: logicalId(s.template, 'AWS::SNS::Topic', 'AlarmsTopic') };
    s.template.resourceCountIs('AWS::SNS::Subscription', 0);
    const alarms = Object.values(resources('AWS::CloudWatch::Alarm')).map((alarm) => alarm.Properties);
    const byName = Object.fromEntries(alarms.map((alarm) => [String(alarm.AlarmName).replace(/^TranscribeApp-/, ''), alarm]));
    // Missing data is no alarm, except for the admission queue's age: its starter writes it every minute, so none means it stopped.
    for (const [name, alarm] of Object.entries(byName)) expect(alarm).toMatchObject({ AlarmActions: [topic], TreatMissingData: name === 'AdmissionQueueAge' ? 'breaching' : 'notBreaching', ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    expect(byName.AdmissionQueueAge).toMatchObject({ Namespace: METRICS_NAMESPACE, MetricName: METRIC.admissionQueueAge, Statistic: 'Maximum', Period: 300, Threshold: ALARM_THRESHOLDS.admissionQueueAgeSeconds });
    expect(byName.WorkflowFailed).toMatchObject({ Namespace: 'AWS/States', MetricName: 'ExecutionsFailed', Statistic: 'Sum', Period: 3600, Threshold: ALARM_THRESHOLDS.failedRunsPerHour });
    expect(byName.WorkflowTimedOut).toMatchObject({ Namespace: 'AWS/States', MetricName: 'ExecutionsTimedOut', Threshold: 1 });
    const rate = byName.Api5xxRate!.Metrics as { Id: string; Expression?: string; MetricStat?: { Metric: { MetricName: string } } }[];
    expect(rate.find((metric) => metric.Expression)!.Expression).toBe('IF(requests >= 20, 100 * errors / requests, 0)');
    expect(rate.filter((metric) => metric.MetricStat).map((metric) => metric.MetricStat!.Metric.MetricName).sort()).toEqual(['5xx', 'Count']);
    expect(byName.LambdaThrottles).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Throttles' });
    expect(byName.BedrockThrottles).toMatchObject({ Namespace: 'AWS/Bedrock', MetricName: 'InvocationThrottles', Dimensions: [{ Name: 'ModelId', Value: 'global.anthropic.claude-haiku-4-5-20251001-v1:0' }] });
    expect(byName.TranslateThrottles).toMatchObject({ Namespace: 'AWS/Translate', MetricName: 'ThrottledCount', Dimensions: [{ Name: 'Operation', Value: 'TranslateText' }] });
    // Every function of the app (the API's, the workflow's and the media function) has its errors watched, at most 10 to an alarm.
    const watched = alarms
      .filter((alarm) => String(alarm.AlarmName).includes('FunctionErrors'))
      .flatMap((alarm) => (alarm.Metrics as { MetricStat?: { Metric: { MetricName: string; Dimensions: { Value: { Ref: string } }[] } } }[]).filter((metric) => metric.MetricStat))
      .map((metric) => (expect(metric.MetricStat!.Metric.MetricName).toBe('Errors'), metric.MetricStat!.Metric.Dimensions[0]!.Value.Ref));
    expect(watched.sort()).toEqual([...DOMAINS.map(functionId), workflowFunctionId(), logicalId(s.template, 'AWS::Lambda::Function', 'WorkflowMediaFunction'), admissionFunctionId()].sort());
    // What they cost idle: $0.10 a month per metric read.
    const metrics = alarms.reduce((sum, alarm) => sum + (alarm.Metrics ? (alarm.Metrics as { MetricStat?: unknown }[]).filter((metric) => metric.MetricStat).length : 1), 0);
    expect(metrics).toBe(alarmMetrics(DOMAINS.length + 3));
  });

  test("the idle cost the cost model states (test/bench/cost.ts) counts what the template bills idle: secrets, alarm metrics, dashboards, KMS keys", () => {
    s.template.resourceCountIs('AWS::SecretsManager::Secret', IDLE_ITEMS.secrets);
    s.template.resourceCountIs('AWS::CloudWatch::Dashboard', IDLE_ITEMS.dashboards);
    s.template.resourceCountIs('AWS::KMS::Key', IDLE_ITEMS.kmsKeys);
    expect(alarmMetrics(DOMAINS.length + 3)).toBe(IDLE_ITEMS.alarmMetrics);
  });

  test("Cognito's own sender by default (sesFromEmail moves the pool to SES)", () => {
    expect(only('AWS::Cognito::UserPool', 'AuthUserPool').Properties.EmailConfiguration).toEqual({ EmailSendingAccount: 'COGNITO_DEFAULT' });
  });

  test('the cheapest price class by default (the priceClass setting changes it)', () => {
    expect(distribution().PriceClass).toBe('PriceClass_100');
  });

  test('security headers on every answer', () => {
    const headers = only('AWS::CloudFront::ResponseHeadersPolicy', 'WebSecurityHeaders').Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ContentTypeOptions: { Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    });
    // The Transcribe tab records from the microphone: allowed for this site, nothing else.
    const custom = only('AWS::CloudFront::ResponseHeadersPolicy', 'WebSecurityHeaders').Properties.ResponseHeadersPolicyConfig.CustomHeadersConfig.Items;
    expect(custom).toContainEqual({ Header: 'Permissions-Policy', Value: 'camera=(), microphone=(self), geolocation=()', Override: true });
    // CloudFront's policies and access controls are account-wide: their names carry the region.
    for (const [type, config] of [['AWS::CloudFront::ResponseHeadersPolicy', 'ResponseHeadersPolicyConfig'], ['AWS::CloudFront::OriginAccessControl', 'OriginAccessControlConfig']] as const) {
      for (const resource of Object.values(resources(type))) expect(JSON.stringify(resource.Properties[config].Name)).toContain('{"Ref":"AWS::Region"}');
    }
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    // The live engine (issue 29) compiles WebAssembly in a worker of our own origin.
    for (const directive of ["default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "worker-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "connect-src 'self' https://*.s3."]) {
      expect(csp).toContain(directive);
    }
    // Recordings play from the site's own origin: storage's address is not a media source.
    expect(csp).toContain("media-src 'self' blob:;");
    // Issue 29: live captions stream from the browser to Transcribe streaming in the stack's region, and nowhere else.
    expect(csp).toMatch(/connect-src 'self' https:\/\/\*\.s3\.[^;]* wss:\/\/transcribestreaming\.[^;]*AWS::Region[^;]*AWS::URLSuffix[^;]*:8443;/);
    const policyId = { Ref: logicalId(s.template, 'AWS::CloudFront::ResponseHeadersPolicy', 'WebSecurityHeaders') };
    const sharedPolicyId = { Ref: logicalId(s.template, 'AWS::CloudFront::ResponseHeadersPolicy', 'WebSharedPageHeaders') };
    for (const behavior of [distribution().DefaultCacheBehavior, ...distribution().CacheBehaviors]) {
      expect(behavior.ResponseHeadersPolicyId).toEqual([SHARED_PAGES, SHARED_MEDIA].includes(behavior.PathPattern) ? sharedPolicyId : policyId);
    }
  });

  test('shared transcripts\' pages (/s/*) are the app with the same security headers, plus X-Robots-Tag: noindex', () => {
    const shared = (distribution().CacheBehaviors as Record<string, any>[]).find((behavior) => behavior.PathPattern === SHARED_PAGES)!;
    expect(shared).toMatchObject({
      TargetOriginId: WEB_ORIGIN_ID,
      ViewerProtocolPolicy: 'redirect-to-https',
      FunctionAssociations: distribution().DefaultCacheBehavior.FunctionAssociations,
    });
    const config = (prefix: string) => only('AWS::CloudFront::ResponseHeadersPolicy', prefix).Properties.ResponseHeadersPolicyConfig;
    expect(config('WebSharedPageHeaders').SecurityHeadersConfig).toEqual(config('WebSecurityHeaders').SecurityHeadersConfig);
    expect(config('WebSharedPageHeaders').CustomHeadersConfig.Items).toContainEqual({ Header: 'x-robots-tag', Value: 'noindex', Override: true });
    expect(JSON.stringify(config('WebSecurityHeaders').CustomHeadersConfig)).not.toMatch(/robots/i);
  });

  test("a recording's sealed address (/_shared/*: its owner's playback and a shared link's) is opened by its own function, GET and HEAD only, with the sealing secret never in the template", () => {
    const behavior = (distribution().CacheBehaviors as Record<string, any>[]).find((candidate) => candidate.PathPattern === SHARED_MEDIA)!;
    expect(behavior).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https', AllowedMethods: ['GET', 'HEAD'] });
    // Issue 31 point 8: cached by the recording's key, which the function writes into the URI before the cache is looked
    // up (the function runs on every request, hits included, so an expired or forged address is still refused).
    expect(behavior.CachePolicyId).toEqual({ Ref: logicalId(s.template, 'AWS::CloudFront::CachePolicy', 'WebRecordingCache') });
    expect(only('AWS::CloudFront::CachePolicy', 'WebRecordingCache').Properties.CachePolicyConfig).toMatchObject({
      DefaultTTL: 86400,
      MinTTL: 0,
      MaxTTL: 604800,
      ParametersInCacheKeyAndForwardedToOrigin: {
        QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['response-content-type'] },
        HeadersConfig: { HeaderBehavior: 'none' },
        CookiesConfig: { CookieBehavior: 'none' },
      },
    });
    expect(behavior.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [logicalId(s.template, 'AWS::CloudFront::Function', 'WebSharedMedia'), 'FunctionARN'] } }]);
    // The origin is replaced by the function (the uploads bucket, origin access control); only the cache key (the type the
    // function sets) reaches it: no origin request policy forwards the viewer's query, cookies or headers.
    expect(behavior.OriginRequestPolicyId).toBeUndefined();
    // Its code is sharedMediaFunctionCode's (run in test/unit/shared-media.test.ts) with the origin secret's dynamic reference.
    const fn = only('AWS::CloudFront::Function', 'WebSharedMedia').Properties;
    expect(fn.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    const secret = { Ref: logicalId(s.template, 'AWS::SecretsManager::Secret', 'OriginVerifySecret') };
    const secretMark = 'SECRET-PLACEHOLDER';
    const hostMark = 'HOST-PLACEHOLDER';
    const [beforeSecret, afterSecret] = sharedMediaFunctionCode(secretMark, hostMark).split(secretMark) as [string, string];
    const [beforeHost, afterHost] = afterSecret.split(hostMark) as [string, string];
    expect(JSON.stringify(fn.FunctionCode)).toBe(
      JSON.stringify({ 'Fn::Join': ['', [`${beforeSecret}{{resolve:secretsmanager:`, secret, `:SecretString:::}}${beforeHost}.s3.`, { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }, afterHost]] }),
    );
    expect(JSON.stringify(s.template.toJSON())).not.toMatch(/"SecretString":"/);
    // CloudFormation resolves it into the function and the API's environment: no role may read it at run time.
    expect(JSON.stringify(resources('AWS::IAM::Policy'))).not.toContain(secret.Ref);
  });

  test('no dependency cycle, which CloudFormation would refuse (an origin naming the uploads bucket makes one with its CORS rule)', () => {
    const all = s.template.toJSON().Resources as Record<string, Resource & { DependsOn?: string | string[] }>;
    const references = (value: unknown, found: Set<string>): Set<string> => {
      if (Array.isArray(value)) for (const item of value) references(item, found);
      else if (value && typeof value === 'object') {
        const object = value as Record<string, unknown>;
        if (typeof object.Ref === 'string' && all[object.Ref]) found.add(object.Ref);
        if (Array.isArray(object['Fn::GetAtt'])) found.add(object['Fn::GetAtt'][0] as string);
        for (const inner of Object.values(object)) references(inner, found);
      }
      return found;
    };
    const state = new Map<string, 'open' | 'done'>();
    const visit = (id: string, path: string[]): void => {
      if (state.get(id) === 'done') return;
      if (state.get(id) === 'open') throw new Error(`cycle: ${[...path, id].join(' -> ')}`);
      state.set(id, 'open');
      for (const next of [...references(all[id]!.Properties ?? {}, new Set()), ...asList(all[id]!.DependsOn ?? [])]) visit(next, [...path, id]);
      state.set(id, 'done');
    };
    expect(() => Object.keys(all).forEach((id) => visit(id, []))).not.toThrow();
  });

  test('the site may read recordings from the uploads bucket, through this distribution only, and nothing else there', () => {
    const policy = Object.values(resources('AWS::S3::BucketPolicy')).find((candidate) => candidate.Properties.Bucket.Ref === uploadsId())!;
    const forCloudFront = (policy.Properties.PolicyDocument.Statement as Record<string, any>[]).filter((statement) => JSON.stringify(statement.Principal ?? {}).includes('cloudfront'));
    const distributionId = logicalId(s.template, 'AWS::CloudFront::Distribution', 'WebDistribution');
    expect(forCloudFront).toEqual([
      {
        Effect: 'Allow',
        Action: 's3:GetObject',
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [uploadsId(), 'Arn'] }, `/${mediaKey('*', '*')}`]] },
        Condition: { StringEquals: { 'AWS:SourceArn': { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':cloudfront::', { Ref: 'AWS::AccountId' }, ':distribution/', { Ref: distributionId }]] } } },
      },
    ]);
  });

  test('CloudFront logs to the access-log bucket', () => {
    expect(distribution().Logging).toMatchObject({
      Bucket: { 'Fn::GetAtt': [logicalId(s.template, 'AWS::S3::Bucket', 'StorageAccessLogs'), 'RegionalDomainName'] },
      Prefix: 'cloudfront/',
    });
  });

  test('the build is uploaded in two steps: hashed assets and the live engine\'s versioned files cached for a year first, then the pages, then the cache flushed', () => {
    const deployments = resources('Custom::CDKBucketDeployment');
    const assets = deployments[logicalId(s.template, 'Custom::CDKBucketDeployment', 'WebAssets')]!;
    const pages = deployments[logicalId(s.template, 'Custom::CDKBucketDeployment', 'WebPages')]!;
    expect(assets.Properties).toMatchObject({ Prune: false, Include: ['assets/*', 'live/*.onnx'], Exclude: ['*'] });
    expect(assets.Properties.SystemMetadata['cache-control']).toMatch(/max-age=31536000, immutable/);
    // The live engine's runtime with the types a browser requires of a module script and of streamed WebAssembly.
    for (const [id, include, type] of [['WebLiveModules', 'live/*.mjs', 'text/javascript'], ['WebLiveWasm', 'live/*.wasm', 'application/wasm']] as const) {
      const runtime = deployments[logicalId(s.template, 'Custom::CDKBucketDeployment', id)]!;
      expect(runtime.Properties).toMatchObject({ Prune: false, Include: [include], Exclude: ['*'], SystemMetadata: { 'content-type': type, 'cache-control': expect.stringMatching(/immutable/) } });
    }
    expect(pages.Properties).toMatchObject({ Exclude: ['assets/*', 'live/*'], DistributionPaths: ['/*'], SystemMetadata: { 'cache-control': 'no-cache' } });
    expect((pages as unknown as { DependsOn: string[] }).DependsOn).toEqual(
      expect.arrayContaining(['WebAssets', 'WebLiveModules', 'WebLiveWasm'].map((id) => logicalId(s.template, 'Custom::CDKBucketDeployment', id))),
    );
  });

  test('source maps of the build are not uploaded (the staged site holds the script, not its map)', () => {
    const staged = readdirSync(s.app.outdir).filter((name) => name.startsWith('asset.') && existsSync(path.join(s.app.outdir, name, 'index.html')));
    expect(staged).toHaveLength(1);
    const files = readdirSync(path.join(s.app.outdir, staged[0]!, 'assets'));
    expect(files).toEqual(['app-1234.js']);
  });
});
