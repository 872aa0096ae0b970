import { emulatorHeaders, getConfig, resetConfig } from '../../functions/platform/config';

const BASE = {
  TABLE_NAME: 'table',
  UPLOADS_BUCKET: 'bucket',
  USER_POOL_ID: 'pool',
  USER_POOL_CLIENT_ID: 'client',
  APP_ORIGINS: 'https://app.example.com, https://www.example.com',
};

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetConfig();
});

function withEnv(env: Record<string, string>) {
  process.env = { ...saved, ...env };
  resetConfig();
}

it('reads the AWS deployment environment, the first origin being the public one', () => {
  withEnv(BASE);
  expect(getConfig()).toMatchObject({ APP_MODE: 'aws', APP_ORIGINS: ['https://app.example.com', 'https://www.example.com'], publicOrigin: 'https://app.example.com' });
});

it('names what is missing or malformed', () => {
  withEnv({ ...BASE, TABLE_NAME: '', APP_ORIGINS: 'not a url' });
  expect(() => getConfig()).toThrow(/TABLE_NAME[\s\S]*APP_ORIGINS|APP_ORIGINS[\s\S]*TABLE_NAME/);
});

it('requires the emulator endpoints in local mode', () => {
  withEnv({ ...BASE, APP_MODE: 'local', DYNAMODB_ENDPOINT: 'http://127.0.0.1:1' });
  expect(() => getConfig()).toThrow(/S3_ENDPOINT, COGNITO_ENDPOINT, SFN_ENDPOINT/);
});

it("gives the clients the emulators' token only when the local stack set one: a deploy's send no extra header", () => {
  withEnv(BASE);
  expect(emulatorHeaders()).toEqual({});
  withEnv({ ...BASE, APP_MODE: 'local', DYNAMODB_ENDPOINT: 'http://127.0.0.1:1', S3_ENDPOINT: 'http://127.0.0.1:2', COGNITO_ENDPOINT: 'http://127.0.0.1:3', SFN_ENDPOINT: 'http://127.0.0.1:4', LOCAL_EMULATOR_TOKEN: 't'.repeat(43) });
  expect(emulatorHeaders()).toEqual({ 'x-local-token': 't'.repeat(43) });
});
