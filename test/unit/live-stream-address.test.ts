/** Issue 29: the address a deploy hands the browser: Transcribe streaming in its region, signed with the role's credentials. */
import { resetConfig } from '../../functions/platform/config';
import { presignStream } from '../../functions/services/live/stream-address';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetConfig();
});

it("is the region's streaming WebSocket on port 8443, SigV4-signed in its query for the time given, with the role's session token", async () => {
  // What Lambda gives a function's role (its environment), and no endpoint: the real service.
  process.env = { ...saved, TABLE_NAME: 'table', APP_ORIGINS: 'https://app.example.com', AWS_REGION: 'eu-west-1', AWS_ACCESS_KEY_ID: 'ASIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'role-session' };
  delete process.env.TRANSCRIBE_STREAMING_ENDPOINT;
  resetConfig();
  const url = new URL(await presignStream('de-DE', 300, new Date('2026-11-28T04:30:00Z')));
  expect(`${url.protocol}//${url.host}${url.pathname}`).toBe('wss://transcribestreaming.eu-west-1.amazonaws.com:8443/stream-transcription-websocket');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    'language-code': 'de-DE',
    'media-encoding': 'pcm',
    'sample-rate': '16000',
    'enable-partial-results-stabilization': 'true',
    'partial-results-stability': 'medium',
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': 'ASIAEXAMPLE/20261128/eu-west-1/transcribe/aws4_request',
    'X-Amz-Date': '20261128T043000Z',
    'X-Amz-Expires': '300',
    'X-Amz-Security-Token': 'role-session',
    'X-Amz-SignedHeaders': 'host',
    'X-Amz-Signature': expect.stringMatching(/^[0-9a-f]{64}$/),
  });
});
