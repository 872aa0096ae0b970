/**
 * The account service on the local stack, called as a function (issue 26 point 2): no HTTP, no cookies, only
 * values (the client's address, the browser's nonce and device token). A sign-up is confirmed from the browser
 * that made it, signs in, logs in again, and deleting the account ends it.
 */
import { MESSAGES } from '../../functions/domain/messages';
import * as accounts from '../../functions/services/accounts';
import { findSession } from '../../functions/services/accounts/sessions';
import { codeIn, latestMail, uniqueEmail } from './http-client';
import { useTestStack } from './local-stack';

const stack = useTestStack();
const CLIENT = '127.0.0.1';
const PASSWORD = 'Sunny-Day-42';


it('a sign-up is confirmed only from its browser, signs in, logs in again, and is gone once deleted', async () => {
  const email = uniqueEmail('service');
  const nonce = accounts.signUpNonce(undefined);
  expect(await accounts.signUpAccount({ name: 'Sam', email, password: PASSWORD }, { client: CLIENT, nonce })).toBe(MESSAGES.codeSent(email));
  const code = codeIn(await latestMail(stack.mailDir, email));

  // Another browser (another nonce) can't use the code.
  await expect(accounts.verifySignUp(email, code, { client: CLIENT, nonce: accounts.signUpNonce(undefined) })).rejects.toMatchObject({ reason: 'invalid', message: MESSAGES.invalidCode });
  const verified = await accounts.verifySignUp(email, code, { client: CLIENT, nonce });
  const session = await findSession(verified.sessionToken);
  expect(session).toMatchObject({ userId: verified.user.id, email, firstLogin: true, method: 'password' });
  expect(await accounts.readProfile(session!, verified.sessionToken)).toMatchObject({ email, name: 'Sam' });
  expect(await findSession(verified.sessionToken)).toMatchObject({ firstLogin: false });

  await expect(accounts.logIn(email, 'Wrong-Pass-99', { client: CLIENT })).rejects.toBeInstanceOf(accounts.LoginRefused);
  // The browser remembered at the sign-up keeps its device token.
  const again = await accounts.logIn(email, PASSWORD, { client: CLIENT, device: verified.deviceToken });
  expect(again).toMatchObject({ user: { id: verified.user.id }, deviceToken: verified.deviceToken });

  await accounts.deleteAccount((await findSession(again.sessionToken))!, PASSWORD, { client: CLIENT, device: again.deviceToken });
  await expect(accounts.logIn(email, PASSWORD, { client: CLIENT })).rejects.toMatchObject({ reason: 'unauthorized', message: MESSAGES.invalidLogin });
});
