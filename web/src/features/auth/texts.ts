/**
 * The sign-up, log-in, verification, password and Google sign-in screens' texts. Shared words are in
 * `@web/config/texts`; like it, this module has no browser or React imports (tests read it).
 */

import { PASSWORD_POLICY_TEXT } from '@domain/password-policy';
import { COMMON_TEXTS } from '@web/config/texts';
import type { GoogleErrorCode } from '@domain/google-sign-in';
import { MESSAGES } from '@domain/messages';

/** A wait as the verify screen counts it down: seconds under two minutes, then whole minutes. */
const waitText = (seconds: number): string => (seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`);

/** docs/product.md#screens-and-routes (login), 8. */
export const LOGIN_TEXTS = {
  title: 'Welcome back',
  subtitle: 'Log in to your account',
  email: 'Email',
  password: 'Password',
  submit: 'Login with Email',
  forgotPassword: 'Forgot Password?',
  google: 'Continue with Google',
  or: 'or',
  noAccount: "Don't have an account?",
  signupLink: 'Sign up',
  failure: MESSAGES.invalidLogin,
  verifyLink: 'Signed up but not verified yet? We e-mailed you a code: enter it here',
} as const;

/** docs/product.md#screens-and-routes (signup), 5, 8. */
export const SIGNUP_TEXTS = {
  title: 'Create your account',
  subtitle: 'Start transcribing for free',
  name: 'Full name',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm password',
  termsPrefix: 'I accept the',
  termsLink: 'Terms and Conditions',
  submit: 'Continue with Email',
  google: 'Continue with Google',
  or: 'or',
  haveAccount: 'Already have an account?',
  loginLink: 'Log in',
  requiredFields: 'Please fill in all required fields.',
  passwordMismatch: 'Passwords do not match.',
  termsRequired: 'You must accept the Terms and Conditions.',
  failure: 'Signup failed.',
  networkFailure: 'An error occurred during signup.',
  success: 'Account created. Check your email for the verification code.',
  /** Under the password field: the policy sentence of functions/domain/password-policy.ts. */
  passwordHint: PASSWORD_POLICY_TEXT,
} as const;

/** docs/product.md#screens-and-routes (verify), 5, 8. */
export const VERIFY_TEXTS = {
  title: 'Verify your email',
  sentTo: 'We sent a 6-digit code to',
  code: 'Verification code',
  submit: 'Verify Email',
  invalidCode: MESSAGES.enterValidCode,
  missingEmail: 'Email is missing from verification URL.',
  failure: MESSAGES.invalidCode,
  networkFailure: COMMON_TEXTS.networkError,
  success: 'Email verified. Redirecting...',
  loginLink: 'Log in',
  /** Issue 15: a new code, at most one a minute. */
  noCode: "Didn't get a code?",
  resend: 'Send a new code',
  resendIn: (seconds: number) => `Send a new code in ${waitText(seconds)}`,
  resent: 'A new code is on its way. The earlier code no longer works.',
  resendFailed: 'We could not send a new code. Please try again.',
  /** Under the counting-down button: why it waits (features/auth/api/errors.ts, resendWaitOf). */
  resendWhy: {
    justSent: (seconds: number) => `A code was just sent. You can ask for a new one in ${waitText(seconds)}.`,
    hourly: (seconds: number) => `Several codes were sent in the last hour. You can ask for a new one in ${waitText(seconds)}.`,
    mailLimit: (seconds: number) => `The site can't send e-mail right now: it has reached its sending limit. You can ask for a new code in ${waitText(seconds)}.`,
    tooMany: (seconds: number) => `Too many requests came from here in a short time. You can ask for a new code in ${waitText(seconds)}.`,
  },
} as const;

/** docs/product.md#screens-and-routes (forgot password), 8. */
export const FORGOT_PASSWORD_TEXTS = {
  title: 'Forgot your password?',
  subtitle: 'Enter your email and we will send you a link to reset it.',
  email: 'Email',
  submit: 'Send Reset Link',
  backToLogin: 'Back to Login',
  success: MESSAGES.resetRequested,
  failure: 'An error occurred. Please try again.',
} as const;

/** docs/product.md#screens-and-routes (reset password), 5, 8. */
export const RESET_PASSWORD_TEXTS = {
  title: 'Set a new password',
  password: 'New password',
  confirmPassword: 'Confirm new password',
  submit: 'Update Password',
  mismatch: 'Passwords do not match.',
  failure: MESSAGES.invalidResetToken,
  success: MESSAGES.resetDone,
  backToLogin: 'Back to Login',
  passwordHint: PASSWORD_POLICY_TEXT,
} as const;

/** Google sign-in (docs/product.md#screens-and-routes): why it ended back on /login (`/login?error=<code>`, functions/domain/google-sign-in.ts). */
export const GOOGLE_TEXTS = {
  notConfigured: 'Google sign-in is not configured',
  errors: {
    google_denied: 'Google sign-in was cancelled. You can try again, or log in with your email.',
    google_state: 'That Google sign-in could not be checked: it expired or was started in another window. Please try again.',
    google_unverified: 'Your Google account has no verified email address, so it cannot be used to sign in. Please log in with your email.',
    google_unavailable: 'Google sign-in is not configured on this site. Please log in with your email and password.',
    google_throttled: 'Too many Google sign-in attempts. Please wait 15 minutes and try again.',
    google_failed: 'Google sign-in failed. Please try again, or log in with your email.',
  } satisfies Record<GoogleErrorCode, string>,
} as const;
