/** What GET /api/capabilities says, from the engines the composition root chose, without loading any of them that a page view does not need. */
import { loadSentenceEncoder, sentenceEncoderInstalled } from '../../functions/engines/embeddings/local-sentence-encoder';
import { resetConfig } from '../../functions/platform/config';
import { capabilities } from '../../functions/services/transcripts/capabilities';

jest.mock('../../functions/engines/embeddings/local-sentence-encoder', () => ({
  ...jest.requireActual('../../functions/engines/embeddings/local-sentence-encoder'),
  sentenceEncoderInstalled: jest.fn(),
  loadSentenceEncoder: jest.fn(async () => null),
}));

const saved = { ...process.env };
/** Nothing listens there: capabilities reach none of them. */
const LOCAL_ENDPOINTS = Object.fromEntries(['DYNAMODB_ENDPOINT', 'S3_ENDPOINT', 'COGNITO_ENDPOINT', 'SFN_ENDPOINT'].map((name) => [name, 'http://127.0.0.1:9']));
function localDeployment(env: Record<string, string> = {}) {
  process.env = { ...saved, APP_MODE: 'local', TABLE_NAME: 'table', APP_ORIGINS: 'http://127.0.0.1:3000', ...LOCAL_ENDPOINTS, ...env };
  resetConfig();
}
afterEach(() => {
  process.env = { ...saved };
  resetConfig();
  jest.mocked(loadSentenceEncoder).mockClear();
});

it('says search by meaning is on when the sentence encoder is installed, without loading it (the first page view stays light)', async () => {
  localDeployment();
  jest.mocked(sentenceEncoderInstalled).mockReturnValue(true);
  expect((await capabilities()).search).toEqual({ meaning: true });
  expect(loadSentenceEncoder).not.toHaveBeenCalled();
});

it('says search by meaning is off when the encoder is not installed', async () => {
  localDeployment();
  jest.mocked(sentenceEncoderInstalled).mockReturnValue(false);
  expect((await capabilities()).search).toEqual({ meaning: false });
  expect(loadSentenceEncoder).not.toHaveBeenCalled();
});

it('offers Spanish, for files and live in the browser, only where the operator turned its model on', async () => {
  localDeployment();
  jest.mocked(sentenceEncoderInstalled).mockReturnValue(false);
  const off = await capabilities();
  expect(off.transcription.languages).not.toContain('Spanish');
  expect(off.live).toEqual({ languages: ['English'], engine: 'browser' });
  localDeployment({ LOCAL_SPANISH_SPEECH: 'on' });
  const on = await capabilities();
  expect(on.transcription.languages).toContain('Spanish');
  expect(on.live).toEqual({ languages: expect.arrayContaining(['English', 'Spanish']) as string[], engine: 'browser' });
});
