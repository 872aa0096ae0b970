/**
 * Who may delete an account without typing a password (docs/product.md#validation, delete account).
 *
 * A typed password is always checked, for every session. Without one, deletion needs a fresh proof that
 * the person at the keyboard owns the account: a Google sign-in less than GOOGLE_REAUTH_WINDOW_SECONDS
 * ago counts as that proof (an account made by Google sign-in has no password of its own). Older Google
 * sessions are asked to sign in with Google again; password sessions, and sign-ins at the local stand-in
 * for Google, keep the product's rule (a password set with "Forgot Password?").
 */
import { MESSAGES } from './messages';

/** 'google-stand-in': the local stand-in for Google, which proves nothing about who is at the keyboard. */
export type SignInMethod = 'password' | 'google' | 'google-stand-in';

/** How recent a Google sign-in must be to stand in for the password: 10 minutes. */
export const GOOGLE_REAUTH_WINDOW_SECONDS = 10 * 60;

/** The parts of a session the rule reads: how and when (epoch seconds) the person signed in. */
export interface SignInFacts {
  method: SignInMethod;
  signedInAt: number;
}

export type DeletionCheck =
  | { outcome: 'check-password' }
  | { outcome: 'allowed' }
  | { outcome: 'refused'; status: 400 | 403; message: string };

export function deletionCheck(session: SignInFacts, password: string, nowSeconds: number): DeletionCheck {
  if (password !== '') return { outcome: 'check-password' };
  if (session.method !== 'google') return { outcome: 'refused', status: 400, message: MESSAGES.mustConfirmDelete };
  const age = nowSeconds - session.signedInAt;
  if (age >= 0 && age < GOOGLE_REAUTH_WINDOW_SECONDS) return { outcome: 'allowed' };
  return { outcome: 'refused', status: 403, message: MESSAGES.googleSignInAgain };
}
