/** Texts the API sends. SPEC.md section 8 wording where it names one. */
export const MESSAGES = {
  notSignedIn: 'Not signed in.',
  foreignOrigin: 'Request refused: it came from another site.',
  notFound: 'Not found.',
  routeNotFound: 'No such API route.',
  bodyTooLarge: 'The request is too large.',
  internal: 'Something went wrong on our side. Please try again.',
  malformedJson: 'The request body is not valid JSON.',
  malformedForm: 'The form data could not be read.',
  invalidRequest: 'The request is not valid.',

  invalidLogin: 'Invalid email or password',
  unconfirmed: 'Please verify your email first: enter the 6-digit code we sent you.',
  tooManyLogins: 'Too many login attempts. Please wait 15 minutes and try again.',
  tooManyCodes: 'Too many wrong codes. Please wait 15 minutes and try again.',
  loggedOut: 'Logged out.',

  emailTaken: 'An account with this email already exists. Please log in instead.',
  codeSent: (email: string) => `We sent a 6-digit code to ${email}.`,
  invalidCode: 'Invalid or expired code.',
  enterValidCode: 'Enter a valid 6-digit code.',
  alreadyVerified: 'This email is already verified. Please log in.',
  verified: 'Email verified.',

  resetRequested: 'If an account with that email exists, a password reset link has been sent.',
  resetDone: 'Your password has been reset successfully!',
  invalidResetToken: 'Invalid or expired token. Please try again.',

  profileSaved: 'Profile updated successfully!',
  dobLimitReached: 'Date of birth change limit reached',
  wrongPassword: 'The password is not correct.',
  mustConfirmDelete: 'Please agree and enter your password.',
  accountDeleted: 'Account deleted.',
} as const;
