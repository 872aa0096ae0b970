/** The profile's usage line (issue 16, point 4). */
import { audioLength, usageText } from '../../web/src/features/profile/usage';

it('says the month\'s audio and jobs, and the allowance when there is one', () => {
  expect(usageText({ month: '2026-11', audio_seconds: 192, live_seconds: 0, jobs: 4, quota_seconds: null })).toBe('This month: 3 min 12 s of audio in 4 transcriptions.');
  expect(usageText({ month: '2026-11', audio_seconds: 42, live_seconds: 0, jobs: 1, quota_seconds: 7200 })).toBe('This month: 42 s of audio in 1 transcription. Your monthly allowance is 2 h 0 min.');
  // Issue 29: live transcription's time, said only when there was some.
  expect(usageText({ month: '2026-11', audio_seconds: 42, live_seconds: 75, jobs: 1, quota_seconds: null })).toBe('This month: 42 s of audio in 1 transcription, and 1 min 15 s of live transcription.');
  expect(audioLength(0)).toBe('0 s');
  expect(audioLength(7500)).toBe('2 h 5 min');
});
