/**
 * The account service: sign-up and its codes, sessions, passwords, Google sign-in and the profile. The API
 * calls these with plain values (the client's address, what the browser's cookies hold) and gets values back
 * (tokens and nonces its cookies are to hold); the files beside this one are behind it.
 */
import type { GoogleClaims } from '../../domain/google-sign-in';
import type { SignInMethod } from '../../domain/account-deletion';
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

/** The account a verified Google e-mail signs into (made when there is none), signed in; answers the session's token. */
export async function signInWithGoogle(claims: GoogleClaims, method: SignInMethod): Promise<string> {
  return (await signIn(await identityForGoogle(claims), method)).sessionToken;
}
