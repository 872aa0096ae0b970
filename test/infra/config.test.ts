/** Deploy-time configuration: defaults, sources, and readable errors for invalid values. */
import { envVarName, loadDeployConfig } from '../../infra/config';

const fromContext = (context: Record<string, unknown>, env: Record<string, string> = {}) =>
  loadDeployConfig((key) => context[key], env);

test('defaults: no domain, no Google, Claude Haiku for summaries, user data retained, the first origin secret, the cheapest price class, a $100 budget', () => {
  expect(fromContext({})).toEqual({
    budgetMonthlyUsd: 100,
    stackName: 'TranscribeApp',
    bedrockModelId: 'global.anthropic.claude-haiku-4-5-20251001-v1:0',
    allowedOrigins: [],
    retainData: true,
    originSecretGeneration: 1,
    priceClass: '100',
  });
});

test('each key comes from CDK context, else from its DEPLOY_ environment variable', () => {
  expect(envVarName('googleClientSecretArn')).toBe('DEPLOY_GOOGLE_CLIENT_SECRET_ARN');
  const config = fromContext(
    { domainName: 'App.Example.com', retainData: 'false' },
    {
      DEPLOY_DOMAIN_NAME: 'ignored.example.com',
      DEPLOY_CERTIFICATE_ARN: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
      DEPLOY_ALLOWED_ORIGINS: 'https://staging.example.com/, http://localhost:5173',
    },
  );
  expect(config).toMatchObject({
    domainName: 'app.example.com',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
    allowedOrigins: ['https://staging.example.com', 'http://localhost:5173'],
    retainData: false,
  });
});

test('fair-use limits are whole numbers from context or the environment', () => {
  expect(fromContext({ requestLimitPerUser: '50', jobsPerUser: 3 }, { DEPLOY_REQUEST_LIMIT_PER_ADDRESS: '0', DEPLOY_TRANSCRIBE_CONCURRENCY: '400' })).toMatchObject({ requestLimitPerUser: 50, requestLimitPerAddress: 0, jobsPerUser: 3, transcribeConcurrency: 400 });
});

test('empty values mean "not set"; lists may also be arrays (cdk.json)', () => {
  expect(fromContext({ domainName: '  ', allowedOrigins: ['https://a.example.com'] })).toMatchObject({
    domainName: undefined,
    allowedOrigins: ['https://a.example.com'],
  });
});

test.each([
  [{ domainName: 'app.example.com' }, /certificateArn: domainName and certificateArn go together/],
  [
    { domainName: 'app.example.com', certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc' },
    /certificateArn: must be an ACM certificate ARN in us-east-1/,
  ],
  [{ googleClientId: '123.apps.googleusercontent.com' }, /googleClientSecretArn: googleClientId and googleClientSecretArn go together/],
  [{ authDomainPrefix: 'my-app' }, /authDomainPrefix is only used with Google sign-in/],
  [{ allowedOrigins: 'ftp://files.example.com' }, /allowedOrigins/],
  [{ retainData: 'maybe' }, /retainData/],
  [{ priceClass: '300' }, /priceClass/],
  [{ sesFromEmail: 'not an address' }, /sesFromEmail: must be an e-mail address verified in Amazon SES/],
  [{ sesRegion: 'eu-west-1' }, /sesRegion is only used with sesFromEmail/],
  [{ sesFromEmail: 'hello@example.org', sesVerifiedDomain: 'example.com' }, /sesVerifiedDomain is the domain of sesFromEmail's address/],
  [{ budgetMonthlyUsd: '0', budgetEmail: 'finance@example.com' }, /budgetEmail: budgetEmail is only used with a budget/],
  [{ budgetMonthlyUsd: '-5' }, /budgetMonthlyUsd: must be 0 \(no budget\) or an amount/],
  [{ alarmEmail: 'ops' }, /alarmEmail: must be an e-mail address/],
  [{ domainName: 'not a host' }, /domainName: must be a host name/],
  [{ jobsPerUser: '0' }, /jobsPerUser: must be 1 or more/],
  [{ transcribeConcurrency: '0' }, /transcribeConcurrency: must be 1 or more/],
  [{ requestLimitPerUser: '-1' }, /requestLimitPerUser: must be 0 \(off\) or more/],
  [{ requestLimitPerAddress: '2.5' }, /requestLimitPerAddress: must be a whole number/],
])('invalid configuration %j is refused with a message naming the key and where to set it', (context, message) => {
  expect(() => fromContext(context)).toThrow(message);
  expect(() => fromContext(context)).toThrow(/Invalid deploy configuration:[\s\S]*\(context "\w+" or DEPLOY_[A-Z_]+\)[\s\S]*See "Configuration" in docs\/operations\.md/);
});
