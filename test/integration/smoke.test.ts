/** The operator's smoke script (npm run smoke) against the local stack: every step passes, and a wrong password fails at sign-in with the reason. */
import { runSmoke } from '../../infra/smoke';
import { signedUpBrowser } from './http-client';
import { useTestStack } from './local-stack';

const stack = useTestStack();

test('a whole run passes and deletes the account; a wrong password stops at sign-in with the reason', async () => {
  await signedUpBrowser(stack, 'smoke@example.com', 'Sunny-Day-42');
  const lines: string[] = [];
  expect(await runSmoke({ url: stack.url, email: 'smoke@example.com', password: 'Sunny-Day-42', pollMs: 300, log: (line) => lines.push(line) })).toBe(true);
  expect(lines.map((line) => line.split('(')[0]!.trim())).toEqual(['ok    the app answers', 'ok    sign in', 'ok    upload an 11-second recording of speech', 'ok    transcript complete', 'ok    translate into Spanish', 'ok    share a read-only link, read it signed out, turn it off', 'ok    support chat', 'ok    delete the account']);
  const failed: string[] = [];
  expect(await runSmoke({ url: stack.url, email: 'smoke@example.com', password: 'Sunny-Day-42', pollMs: 300, log: (line) => failed.push(line) })).toBe(false);
  expect(failed.at(-1)).toMatch(/^FAIL  sign in \(.*\): answered 401 instead of 200/);
});
