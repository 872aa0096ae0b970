/**
 * The operator's smoke script (npm run smoke) against the local stack on the AWS path (the AWS adapters and SDK
 * clients against the stand-ins, docs/testing.md): every step passes, the uploads as the site's pages make them
 * included (presigned PUT, multipart, their preflights and the page's content-security policy, a MOV converted
 * by the ffmpeg twin); a lost job-end event fails the run with the reason; a wrong password stops at sign-in.
 */
import { resetConfig } from '../../functions/platform/config';
import { runSmoke } from '../../infra/smoke';
import { signedUpBrowser } from './http-client';
import { useTestStack } from './local-stack';

const stack = useTestStack({ engines: 'aws' });

const PASSWORD = 'Sunny-Day-42';
const smoke = async (email: string): Promise<{ passed: boolean; lines: string[] }> => {
  const lines: string[] = [];
  const passed = await runSmoke({ url: stack.url, email, password: PASSWORD, pollMs: 300, log: (line) => lines.push(line) });
  return { passed, lines };
};
/** A line without its time: "ok    sign in". */
const withoutTime = (line: string): string => line.replace(/ \([\d.]+ s\)/, '');

test('a whole run passes and deletes the account; a wrong password stops at sign-in with the reason', async () => {
  await signedUpBrowser(stack, 'smoke@example.com', PASSWORD);
  const { passed, lines } = await smoke('smoke@example.com');
  expect(lines.filter((line) => line.startsWith('FAIL'))).toEqual([]);
  expect(lines.map((line) => withoutTime(line).split(':')[0])).toEqual([
    'ok    the app answers',
    "ok    the site's page and its content-security policy",
    "ok    deep links (/signup, /transcript/…) are the app's page",
    'ok    sign in',
    'ok    upload an 11-second recording of speech',
    'ok    upload it by a presigned PUT, as the page does',
    'ok    upload it in parts (multipart), as the page does',
    'ok    upload a MOV video (converted before transcription)',
    'ok    transcript complete',
    'ok    transcript of smoke-test-presigned.wav complete',
    'ok    transcript of smoke-test-multipart.wav complete',
    'ok    transcript of smoke-test.mov complete',
    'ok    play the recording through the site, by range',
    'ok    translate into Spanish',
    'ok    share a read-only link, read it signed out, turn it off',
    'ok    support chat',
    'ok    delete the account',
  ]);
  expect(passed).toBe(true);
  // The notes say how each upload went: 3 parts (16 + 16 + 1 MiB), the movie found as one.
  expect(lines.join('\n')).toMatch(/in parts.*: 3 parts to .*found audio\/wav/);
  expect(lines.join('\n')).toMatch(/MOV video.*: one PUT to .*found video\/quicktime/);
  const failed = await smoke('smoke@example.com');
  expect(failed.passed).toBe(false);
  expect(failed.lines.at(-1)).toMatch(/^FAIL  sign in \(.*\): answered 401 instead of 200/);
});

test("a job whose end event is lost (found by the check after the capped wait) fails the run with the reason", async () => {
  await signedUpBrowser(stack, 'lost@example.com', PASSWORD);
  stack.standIns!.faults.dropEvents(true);
  process.env.TRANSCRIBE_EVENT_WAIT_SECONDS = '1';
  resetConfig();
  try {
    const { passed, lines } = await smoke('lost@example.com');
    expect(passed).toBe(false);
    expect(lines.map(withoutTime)).toContain("FAIL  transcript complete: the speech job's end event never came: its end was found by checking the job after the capped wait. Check the Transcribe job-state rule on the default event bus (docs/operations.md, smoke test)");
    // The uploads themselves passed: only the jobs' ends are failed.
    expect(lines.filter((line) => line.startsWith('FAIL')).map((line) => withoutTime(line).split(':')[0])).toEqual([
      'FAIL  transcript complete',
      'FAIL  transcript of smoke-test-presigned.wav complete',
      'FAIL  transcript of smoke-test-multipart.wav complete',
      'FAIL  transcript of smoke-test.mov complete',
    ]);
  } finally {
    stack.standIns!.faults.dropEvents(false);
    delete process.env.TRANSCRIBE_EVENT_WAIT_SECONDS;
    resetConfig();
  }
});
