/**
 * The account service: sign-up and its codes, sessions, passwords, Google sign-in and the profile. The API
 * calls these with plain values (the client's address, what the browser's cookies hold) and gets values back
 * (tokens and nonces its cookies are to hold); the files beside this one are behind it.
 */
import type { SignInMethod } from '../../domain/account-deletion';
import { GOOGLE_THROTTLE, type GoogleClaims } from '../../domain/google-sign-in';
import { isThrottled, recordFailure, type ThrottleRule } from '../throttle';
import { identityForGoogle } from './google-accounts';
import { signIn } from './sign-in';

export { DisabledAccountError } from './google-accounts';
export { authorizationUrl, decodeGoogleFlow, encodeGoogleFlow, newGoogleFlow } from './google-oauth';
export { exchangeCode, googleProvider, verifyIdToken } from './google-provider';
export { askPasswordReset, checkNewPassword, deleteAccount, LoginRefused, logIn, resetPassword } from './passwords';
export { readProfile, saveProfile } from './profile';
export { signUpNonce } from './pending-sign-ups';
export { deleteSession as logOut, type Session } from './sessions';
export type { Browser } from './sign-in';
export { askNewCode, signUpAccount, verifySignUp } from './sign-up';

/** Google callbacks that failed (a wrong state, a refused code or token), per client address. */
const FAILED_GOOGLE_CALLBACKS: ThrottleRule = { scope: 'google-address', ...GOOGLE_THROTTLE };

/** Whether the client's failed Google callbacks have used up the window: its callbacks are refused until it ends. */
export const googleCallbacksBlocked = (client: string): Promise<boolean> => isThrottled(FAILED_GOOGLE_CALLBACKS, client);

/** Counts a failed Google callback of the client. */
export const googleCallbackFailed = (client: string): Promise<void> => recordFailure(FAILED_GOOGLE_CALLBACKS, client);

/** The account a verified Google e-mail signs into (made when there is none), signed in; answers the session's token. */
export async function signInWithGoogle(claims: GoogleClaims, method: SignInMethod): Promise<string> {
  return (await signIn(await identityForGoogle(claims), method)).sessionToken;
}
