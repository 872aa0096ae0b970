/**
 * The stack with everything optional configured (custom domain, Google sign-in, an extra origin, no data
 * retention) and no web build: what changes, and cdk-nag still clean.
 */
import * as path from 'node:path';
import { tmpdir } from 'node:os';
import { Match } from 'aws-cdk-lib/assertions';
import { GOOGLE_CALLBACK_PATH } from '../../infra/constructs/auth';
import { logicalId, nagFindings, synth, type Synthesized } from './synth';

const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123';
const SECRET = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:google-client-AbCdEf';

let s: Synthesized;

beforeAll(() => {
  s = synth(
    {
      domainName: 'app.example.com',
      certificateArn: CERTIFICATE,
      googleClientId: '123-abc.apps.googleusercontent.com',
      googleClientSecretArn: SECRET,
      allowedOrigins: 'https://staging.example.com',
      retainData: 'false',
      priceClass: 'All',
      sesFromEmail: 'no-reply@example.com',
      sesRegion: 'eu-west-1',
      sesVerifiedDomain: 'example.com',
      originSecretGeneration: '2',
      budgetMonthlyUsd: '250',
      budgetEmail: 'finance@example.com',
      alarmEmail: 'ops@example.com',
      jobsPerUser: '3',
      transcribeConcurrency: '400',
      requestLimitPerUser: '100',
      requestLimitPerAddress: '0',
      signupLimitPerAddress: '25',
      monthlyAudioQuotaSeconds: '36000',
    },
    { siteDir: path.join(tmpdir(), 'no-such-build') },
  );
});

test('cdk-nag AwsSolutions: every finding is fixed or acknowledged with a reason', () => {
  expect(nagFindings(s)).toEqual([]);
});

test('with sesFromEmail, the user pool mails through SES from that identity (the verified domain when given), in its region, with the product name', () => {
  s.template.hasResourceProperties('AWS::Cognito::UserPool', {
    EmailConfiguration: {
      EmailSendingAccount: 'DEVELOPER',
      From: Match.stringLikeRegexp('<no-reply@example.com>$'),
      SourceArn: Match.objectLike({ 'Fn::Join': Match.arrayWith([Match.arrayWith([':ses:eu-west-1:', ':identity/example.com']) ]) }),
    },
  });
});

test('the fair-use limits, the sign-up limit and the audio quota reach the API and workflow functions (issues 16, 25); unset, the functions keep their own defaults', () => {
  const ours = Object.values(s.template.findResources('AWS::Lambda::Function')).filter((fn) => fn.Properties.Environment?.Variables?.BEDROCK_MODEL_ID);
  expect(ours.length).toBeGreaterThan(5);
  for (const fn of ours) expect(fn.Properties.Environment.Variables).toMatchObject({ JOBS_PER_USER: '3', TRANSCRIBE_CONCURRENCY: '400', REQUEST_LIMIT_PER_USER: '100', REQUEST_LIMIT_PER_ADDRESS: '0', SIGNUP_LIMIT_PER_ADDRESS: '25', MONTHLY_AUDIO_QUOTA_SECONDS: '36000' });
});

test('with alarmEmail, the alarm topic mails it (alarms and budget notices)', () => {
  s.template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com', TopicArn: { Ref: logicalId(s.template, 'AWS::SNS::Topic', 'AlarmsTopic') } });
});

test('with a budget: a monthly cost budget that notifies the alarm topic and mails finance at 80 % spent and at 100 % forecast', () => {
  const finance = [{ SubscriptionType: 'SNS', Address: { Ref: logicalId(s.template, 'AWS::SNS::Topic', 'AlarmsTopic') } }, { SubscriptionType: 'EMAIL', Address: 'finance@example.com' }];
  s.template.hasResourceProperties('AWS::Budgets::Budget', {
    Budget: { BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 250, Unit: 'USD' } },
    NotificationsWithSubscribers: [
      { Notification: { NotificationType: 'ACTUAL', ComparisonOperator: 'GREATER_THAN', Threshold: 80, ThresholdType: 'PERCENTAGE' }, Subscribers: finance },
      { Notification: { NotificationType: 'FORECASTED', ComparisonOperator: 'GREATER_THAN', Threshold: 100, ThresholdType: 'PERCENTAGE' }, Subscribers: finance },
    ],
  });
});

test('the price class setting reaches CloudFront (the default stack uses 100)', () => {
  s.template.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: { PriceClass: 'PriceClass_All' } });
});

test('the custom domain is served with its certificate and modern TLS, and is the public origin', () => {
  s.template.hasResourceProperties('AWS::CloudFront::Distribution', {
    DistributionConfig: {
      Aliases: ['app.example.com'],
      ViewerCertificate: { AcmCertificateArn: CERTIFICATE, MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
    },
  });
  const functions = Object.values(s.template.findResources('AWS::Lambda::Function')).filter((fn) => fn.Properties.Environment);
  const origins = functions.map((fn) => fn.Properties.Environment.Variables.APP_ORIGINS).filter(Boolean);
  expect(origins.length).toBeGreaterThan(1);
  for (const value of origins) expect(value).toBe('https://app.example.com,https://staging.example.com');
});

test('Google sign-in: the identity provider, a hosted UI domain and the code flow back to the app', () => {
  s.template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
    ProviderName: 'Google',
    ProviderType: 'Google',
    ProviderDetails: {
      client_id: '123-abc.apps.googleusercontent.com',
      client_secret: `{{resolve:secretsmanager:${SECRET}:SecretString:::}}`,
      authorize_scopes: 'openid email profile',
    },
  });
  s.template.resourceCountIs('AWS::Cognito::UserPoolDomain', 1);
  s.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
    GenerateSecret: true,
    AllowedOAuthFlows: ['code'],
    AllowedOAuthScopes: Match.arrayWith(['openid', 'email', 'profile']),
    CallbackURLs: [`https://app.example.com${GOOGLE_CALLBACK_PATH}`],
    SupportedIdentityProviders: Match.arrayWith(['COGNITO', 'Google']),
  });
});

test('Google sign-in: the API functions know the hosted UI domain, which the Google flow starts from', () => {
  const domainId = logicalId(s.template, 'AWS::Cognito::UserPoolDomain', 'AuthUserPoolHostedUi');
  const google = Object.entries(s.template.findResources('AWS::Lambda::Function')).find(([id]) => id.startsWith('ApiGoogleFunction'))![1];
  expect(JSON.stringify(google.Properties.Environment.Variables.GOOGLE_AUTH_DOMAIN)).toContain(domainId);
  expect(JSON.stringify(google.Properties.Environment.Variables.GOOGLE_AUTH_DOMAIN)).toMatch(/^\{"Fn::Join":\["",\["https:\/\/"/);
});

test('without retention, user data stores are deleted with the stack (buckets emptied first)', () => {
  for (const [type, prefix] of [
    ['AWS::DynamoDB::Table', 'DataTable'],
    ['AWS::S3::Bucket', 'StorageUploads'],
    ['AWS::Cognito::UserPool', 'AuthUserPool'],
  ] as const) {
    expect(s.template.findResources(type)[logicalId(s.template, type, prefix)]!.DeletionPolicy).toBe('Delete');
  }
  s.template.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: false });
  s.template.hasResourceProperties('Custom::S3AutoDeleteObjects', {
    BucketName: { Ref: logicalId(s.template, 'AWS::S3::Bucket', 'StorageUploads') },
  });
});

test('without a web build, a placeholder page is deployed and synth says why', () => {
  s.template.resourceCountIs('Custom::CDKBucketDeployment', 1);
  logicalId(s.template, 'Custom::CDKBucketDeployment', 'WebPlaceholder');
  // Read from the construct tree: Annotations.fromStack would synthesize the app a second time.
  const warnings = s.stack.node
    .findAll()
    .flatMap((construct) => construct.node.metadata)
    .filter((entry) => entry.type === 'aws:cdk:warning' && String(entry.data).includes('web/dist is missing'));
  expect(warnings).toHaveLength(1);
});

test("the next originSecretGeneration is a new secret, and CloudFront and every function refer to it in the same deploy", () => {
  const secrets = Object.keys(s.template.findResources('AWS::SecretsManager::Secret')).filter((id) => id.startsWith('OriginVerifySecret'));
  expect(secrets).toEqual([expect.stringMatching(/^OriginVerifySecret2/)]);
  const reference = JSON.stringify({ Ref: secrets[0] });
  const distribution = JSON.stringify(Object.values(s.template.findResources('AWS::CloudFront::Distribution'))[0]);
  expect(distribution).toContain(reference);
  const withSecret = Object.values(s.template.findResources('AWS::Lambda::Function')).filter((fn) => fn.Properties?.Environment?.Variables?.ORIGIN_VERIFY_SECRET);
  expect(withSecret.length).toBeGreaterThan(0);
  for (const fn of withSecret) expect(JSON.stringify(fn.Properties.Environment.Variables.ORIGIN_VERIFY_SECRET)).toContain(reference);
});
