/**
 * Sign-up, its code, and a new code (docs/product.md#calls; issues 15, 16, 25). The browser that signs up is
 * known by its nonce (pending-sign-ups.ts) and the client by its address; both come in as values.
 */
import { VERIFY_THROTTLE } from '../../domain/constants';
import { MESSAGES } from '../../domain/messages';
import { PASSWORD_POLICY_TEXT } from '../../domain/password-policy';
import { ServiceError } from '../service-error';
import { clearFailures, pairKey, secondsLeft, waitToTakeAll, type ThrottleRule } from '../throttle';
import { accountState, confirmSignUp, deleteIdentity, getIdentity, IdentityError, resendCode, signUp } from './identity';
import { rememberDevice } from './known-devices';
import { mailWait, noteSignUp, resendWait, senderLimited, signUpWait } from './mail-limits';
import { mailReset } from './passwords';
import { endSignUp, signUpMadeHere, tieSignUp } from './pending-sign-ups';
import { signIn, type Browser, type SignedIn } from './sign-in';

const codeRule = (scope: string, limit: number): ThrottleRule => ({ scope, limit, windowSeconds: VERIFY_THROTTLE.windowSeconds });
/** Code attempts on a sign-up from one client address, of the browsers that may confirm it (see below). */
const CODES_FROM_ADDRESS = codeRule('verify-pair', VERIFY_THROTTLE.perEmailAndAddress);
/** Code attempts on a sign-up from anywhere, of the browsers that may confirm it. */
const CODES_OF_EMAIL = codeRule('verify-email', VERIFY_THROTTLE.perEmail);

/** How long "Send a new code" says to wait once the mail sender's limit is reached (Cognito's own: 50 a day). */
const MAIL_LIMIT_RETRY_SECONDS = 3600;

/**
 * A sign-up (the password has passed checkNewPassword; `nonce`: the browser's, from signUpNonce). Every
 * sign-up answers alike, whether or not the address has an account (issue 16): only a sign-up that was made
 * is tied to the browser. Answers the message; refusals (429) say how long to wait.
 */
export async function signUpAccount({ name, email, password }: { name: string; email: string; password: string }, { client, nonce }: { client: string; nonce: string }): Promise<string> {
  const flood = await signUpWait(client);
  if (flood > 0) throw new ServiceError('too-many', MESSAGES.tooManySignUps(flood), flood);
  const answer = MESSAGES.codeSent(email);
  const state = await accountState(email);
  // When the address's sign-up mails are used up (someone else's sign-ups, perhaps), nothing changes and the
  // answer says how long to wait (issue 25), never "we sent a code" with nothing sent; but the browser whose
  // sign-up waits (a retyped form) has its code, which still confirms there. Only sign-ups count here (a
  // code for a new address, a notice for a confirmed one, by the same rules), so for any address the waits
  // follow the sign-ups the asker can see, and tell nothing of the account.
  const mailed = await mailWait(state === 'confirmed' ? 'notice' : 'signup', email, client);
  if (mailed > 0) {
    if (await signUpMadeHere(nonce, email)) return answer;
    throw new ServiceError('too-many', MESSAGES.signUpMailWait(email, mailed), mailed);
  }
  await noteSignUp(email, client);
  // The owner hears that someone tried (with a reset link, should it have been them).
  if (state === 'confirmed') {
    await mailReset(email, 'signup-attempt');
    return answer;
  }
  // A pending sign-up is replaced, whoever made it: its code dies with it, and the new one is confirmed
  // only from this browser, so confirming never keeps a password the owner did not set.
  if (state === 'unconfirmed') await deleteIdentity(email);
  try {
    await tieSignUp(email, await signUp(name, email, password), nonce);
  } catch (error) {
    if (error instanceof IdentityError && error.reason === 'invalid-password') throw new ServiceError('invalid', PASSWORD_POLICY_TEXT);
    // The sender at its limit, or a concurrent sign-up that made it first: the same answer.
    if (!senderLimited(error, 'code') && !(error instanceof IdentityError && error.reason === 'exists')) throw error;
  }
  return answer;
}

/** The sign-up's code, from the browser that made it: the account is confirmed and signed in, and the browser remembered (issue 25). */
export async function verifySignUp(email: string, code: string, { client, nonce, device }: Browser): Promise<SignedIn & { deviceToken: string }> {
  // Only a pending sign-up is confirmed here (a confirmed account's codes, a reset's, are no way in), and
  // only from the browser that made it: the code in the owner's inbox may be for someone else's password.
  // Other browsers are refused before any count, so a stranger's guesses (even from the owner's network)
  // can't use up the owner's attempts.
  const waiting = await signUpMadeHere(nonce, email);
  if (!waiting) throw new ServiceError('invalid', MESSAGES.invalidCode);
  // Counted per sign-up: an attacker's guesses on the sign-up they made don't count against the owner's next one.
  const signUpKey = `${email}\n${waiting}`;
  const here = pairKey(signUpKey, client);
  // Taken before the code is checked, atomically: parallel guesses can't outrun the limits.
  const wait = (await waitToTakeAll([[CODES_FROM_ADDRESS, here]])) || (await waitToTakeAll([[CODES_OF_EMAIL, signUpKey]]));
  if (wait > 0) throw new ServiceError('too-many', MESSAGES.tooManyCodes(wait), wait);
  try {
    await confirmSignUp(email, code);
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    if (error.reason === 'throttled') throw new ServiceError('too-many', MESSAGES.tooManyCodes(secondsLeft(CODES_OF_EMAIL)), secondsLeft(CODES_OF_EMAIL));
    throw new ServiceError('invalid', MESSAGES.invalidCode);
  }
  await Promise.all([endSignUp(email), clearFailures(CODES_FROM_ADDRESS, here), clearFailures(CODES_OF_EMAIL, signUpKey)]);
  const signedIn = await signIn(await getIdentity(email), 'password');
  // This browser chose the password: its later logins are counted on their own (issue 25).
  return { ...signedIn, deviceToken: await rememberDevice(device, email, signedIn.user.id) };
}

/** A new code (POST /api/resend-code): the same answer whether or not the address waits for a code; the wait counts only this asker's own requests. */
export async function askNewCode(email: string, { client, nonce }: Browser): Promise<void> {
  const wait = await resendWait(email, client);
  // The hour's wait can be short too (its window ends on the hour): the text, not the wait, says which rule.
  if (wait) throw new ServiceError('too-many', wait.rule === 'gap' ? MESSAGES.resendTooSoon(wait.seconds) : MESSAGES.resendHourLimit(wait.seconds), wait.seconds);
  // Only for a sign-up this browser made (a code for another's would confirm nothing here), within the
  // address's own mail limits. Used up, this browser is told the wait (it made the sign-up: that tells it
  // nothing new), never "a new code is on its way" with none sent (issue 25); any other asker hears "sent".
  if (!(await signUpMadeHere(nonce, email))) return;
  const mailed = await mailWait('code', email, client);
  if (mailed > 0) throw new ServiceError('too-many', MESSAGES.resendAddressLimit(mailed), mailed);
  try {
    await resendCode(email);
  } catch (error) {
    // Said, with the wait: only the browser that made this sign-up gets here, so it tells nothing new.
    if (senderLimited(error, 'code')) throw new ServiceError('too-many', MESSAGES.mailLimit, MAIL_LIMIT_RETRY_SECONDS);
    // Confirmed or deleted meanwhile: nothing to send, and the answer must not tell.
    if (!(error instanceof IdentityError) && (error as Error).name !== 'InvalidParameterException') throw error;
  }
}
