/**
 * A refused reservation of the monthly quota reads the ledger once: the conditional add that refused it says
 * what the month holds (review of issue 25: it was read up to three times more to word the refusal).
 */
jest.mock('../../functions/data/audio-months', () => ({ reserveInMonth: jest.fn(), reservedInMonth: jest.fn(), openMonth: jest.fn(), addToMonth: jest.fn() }));
jest.mock('../../functions/data/transcripts', () => ({ allTranscripts: async () => [] }));

import * as ledger from '../../functions/data/audio-months';
import { MESSAGES } from '../../functions/domain/messages';
import { resetConfig } from '../../functions/platform/config';
import { reserveAudio } from '../../functions/services/usage/usage';

const mocked = ledger as jest.Mocked<typeof ledger>;
const NOW = new Date('2026-11-27T12:00:00Z');
const DAY = '1 December 2026';

beforeAll(() => {
  Object.assign(process.env, { TABLE_NAME: 'table', UPLOADS_BUCKET: 'bucket', USER_POOL_ID: 'pool', USER_POOL_CLIENT_ID: 'client', APP_ORIGINS: 'https://app.example.com', MONTHLY_AUDIO_QUOTA_SECONDS: '3600' });
  resetConfig();
});
afterAll(() => {
  delete process.env.MONTHLY_AUDIO_QUOTA_SECONDS;
  resetConfig();
});
beforeEach(() => jest.resetAllMocks());

it('words a refusal from what the refused add found, without reading the ledger again', async () => {
  mocked.reserveInMonth.mockResolvedValue({ reserved: false, reservedMs: 3_000_000 });
  await expect(reserveAudio('user', 900, 'counted', NOW)).rejects.toMatchObject({ reason: 'too-many', message: MESSAGES.quotaTooShort(900, 600, DAY) });
  expect(mocked.reservedInMonth).not.toHaveBeenCalled();
});

it('opens a month without a ledger, then reserves in it; a refusal then is worded from the second add', async () => {
  mocked.reserveInMonth.mockResolvedValueOnce({ reserved: false, reservedMs: null }).mockResolvedValueOnce({ reserved: false, reservedMs: 3_600_000 });
  await expect(reserveAudio('user', 60, 'counted', NOW)).rejects.toMatchObject({ reason: 'too-many', message: MESSAGES.quotaUsed(DAY) });
  expect(mocked.openMonth).toHaveBeenCalledTimes(1);
  expect(mocked.reservedInMonth).not.toHaveBeenCalled();
});
