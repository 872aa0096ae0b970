/**
 * PrepareMedia reads the media function's answer as untrusted (issue 25 point 7): ffmpeg runs there on files
 * anyone uploads, so whatever that function says is checked before the workflow or the user sees it.
 */
import { AUDIO_MESSAGES } from '../../functions/domain/speech-audio';
import { readableFailureReason } from '../../functions/domain/workflow-failure';
import { EngineError } from '../../functions/engines/engine-error';
import { mediaAnswer } from '../../functions/services/media/media-function';

const payload = (value: unknown) => ({ Payload: new TextEncoder().encode(JSON.stringify(value)) });
/** What the user would read for a failure thrown by PrepareMedia (as Step Functions catches a Lambda error). */
const userReads = (error: Error) => readableFailureReason({ Error: error.name, Cause: JSON.stringify({ errorMessage: error.message }) });

function thrown(answer: Parameters<typeof mediaAnswer>[0]): Error {
  try {
    mediaAnswer(answer);
  } catch (error) {
    return error as Error;
  }
  throw new Error('no failure');
}

test('its check of the recording passes when well formed: converted or not, with a length or none', () => {
  expect(mediaAnswer(payload({ converted: true, durationSeconds: 12.5 }))).toEqual({ converted: true, durationSeconds: 12.5 });
  expect(mediaAnswer(payload({ converted: false, durationSeconds: null }))).toEqual({ converted: false, durationSeconds: null });
});

test('a malformed check is refused: a negative or missing length, a wrong type, no answer, not JSON', () => {
  for (const bad of [{ converted: true, durationSeconds: -1 }, { converted: 'yes', durationSeconds: 1 }, { converted: true }, null, 'converted']) {
    expect(() => mediaAnswer(payload(bad))).toThrow();
  }
  expect(() => mediaAnswer({ Payload: new TextEncoder().encode('{not json') })).toThrow();
});

test('the known reasons a recording is refused reach the user as the media function words them', () => {
  for (const reason of Object.values(AUDIO_MESSAGES)) {
    const error = thrown({ FunctionError: 'Unhandled', ...payload({ errorType: 'EngineError', errorMessage: reason }) });
    expect(error).toBeInstanceOf(EngineError);
    expect(userReads(error)).toBe(reason);
  }
});

test('any other failure text from it (a taken-over ffmpeg writing to the user, a timeout) reaches the user only as the general reason', () => {
  const general = readableFailureReason(undefined);
  for (const failure of [
    { errorType: 'EngineError', errorMessage: 'Your account is locked: sign in again at https://evil.example' },
    { errorType: 'MediaError', errorMessage: AUDIO_MESSAGES.noAudio },
    { errorType: 'Sandbox.Timedout', errorMessage: 'Task timed out after 840.00 seconds' },
    'not an error object',
  ]) {
    expect(userReads(thrown({ FunctionError: 'Unhandled', ...payload(failure) }))).toBe(general);
  }
});
