/** Form checks (docs/product.md#validation) and failure texts (section 8) of the sign-in flows. */
import { ApiRequestError, NetworkError } from '../../web/src/lib/api-client';
import { COMMON_TEXTS } from '../../web/src/config/texts';
import { RESET_PASSWORD_TEXTS, SIGNUP_TEXTS, VERIFY_TEXTS } from '../../web/src/features/auth/texts';
import { PASSWORD_POLICY_TEXT } from '../../functions/domain/password-policy';
import { sanitizeCode, validateNewPassword, validateSignup, validateVerificationCode } from '../../web/src/features/auth/validation';
import { loginErrorMessage, mayBeUnconfirmedLogin, logoutErrorMessage, resendWaitOf, resetErrorMessage, signupErrorMessage, verifyErrorMessage } from '../../web/src/features/auth/api/errors';
import { MESSAGES } from '../../functions/domain/messages';

const answered = (status: number, error?: string, body?: unknown) => new ApiRequestError(status, error ?? `Request failed with status ${status}.`, error, body ?? (error ? { error } : undefined));

describe('signup checks', () => {
  const ok = { name: 'Ada', email: 'ada@example.com', password: 'Secret123', confirmPassword: 'Secret123', acceptTerms: true };

  it('accepts a complete form', () => expect(validateSignup(ok)).toBeUndefined());

  it('requires name, email, password and confirmation', () => {
    for (const key of ['name', 'email', 'password', 'confirmPassword'] as const) {
      expect(validateSignup({ ...ok, [key]: '' })).toBe('Please fill in all required fields.');
    }
    expect(validateSignup({ ...ok, name: '   ' })).toBe(SIGNUP_TEXTS.requiredFields);
  });

  it('requires matching passwords, then accepted terms', () => {
    expect(validateSignup({ ...ok, confirmPassword: 'other' })).toBe('Passwords do not match.');
    expect(validateSignup({ ...ok, acceptTerms: false })).toBe('You must accept the Terms and Conditions.');
  });
});

describe('verification code', () => {
  it('must be exactly 6 characters', () => {
    expect(validateVerificationCode('123456')).toBeUndefined();
    expect(validateVerificationCode('12345')).toBe('Enter a valid 6-digit code.');
    expect(validateVerificationCode('')).toBe('Enter a valid 6-digit code.');
  });

  it('keeps digits only, at most 6', () => {
    expect(sanitizeCode('12a3-4 5678')).toBe('123456');
  });
});

describe('password policy hint', () => {
  it("is the server's own sentence, under the signup and reset password fields", () => {
    expect(SIGNUP_TEXTS.passwordHint).toBe(PASSWORD_POLICY_TEXT);
    expect(RESET_PASSWORD_TEXTS.passwordHint).toBe(PASSWORD_POLICY_TEXT);
    expect(PASSWORD_POLICY_TEXT).toBe('Password must be at least 8 characters and include a lowercase letter, an uppercase letter and a number.');
  });
});

describe('reset password check', () => {
  it('requires the two passwords to match', () => {
    expect(validateNewPassword('a', 'a')).toBeUndefined();
    expect(validateNewPassword('a', 'b')).toBe('Passwords do not match.');
  });
});

describe('failure texts', () => {
  it('login: a wrong password reads the same whatever the reason; other refusals say what to do', () => {
    expect(loginErrorMessage(answered(401, 'Wrong password.'))).toBe('Invalid email or password');
    expect(loginErrorMessage(answered(401))).toBe('Invalid email or password');
    expect(loginErrorMessage(answered(429, 'Too many login attempts. Please wait 15 minutes and try again.'))).toBe(
      'Too many login attempts. Please wait 15 minutes and try again.',
    );
    expect(loginErrorMessage(answered(400, 'Enter a valid email address.'))).toBe('Enter a valid email address.');
    expect(loginErrorMessage(answered(400))).toBe('Invalid email or password');
    expect(loginErrorMessage(answered(404, 'No such API route.'))).toBe('No such API route.');
    expect(loginErrorMessage(answered(500))).toBe(COMMON_TEXTS.unexpectedError);
    expect(loginErrorMessage(new NetworkError())).toBe(COMMON_TEXTS.networkError);
  });

  it('login: every refused login offers the way to the code screen (an unconfirmed account reads like any other)', () => {
    expect(mayBeUnconfirmedLogin(answered(401))).toBe(true);
    expect(mayBeUnconfirmedLogin(answered(429))).toBe(false);
    expect(mayBeUnconfirmedLogin(new NetworkError())).toBe(false);
  });

  it("signup: server text or the product's fallback text; no answer: the network text", () => {
    expect(signupErrorMessage(answered(409, 'An account with this email already exists.'))).toBe('An account with this email already exists.');
    expect(signupErrorMessage(answered(500))).toBe('Signup failed.');
    expect(signupErrorMessage(new NetworkError())).toBe('An error occurred during signup.');
  });

  it("verify: server text or the product's fallback text; no answer: the network text", () => {
    expect(verifyErrorMessage(answered(400, 'Code expired.'))).toBe('Code expired.');
    expect(verifyErrorMessage(answered(400))).toBe('Invalid or expired code.');
    expect(verifyErrorMessage(new NetworkError())).toBe('Network error. Please try again.');
  });

  it("reset: the server message (error or message field) or the product's fallback text", () => {
    expect(resetErrorMessage(answered(400, 'Link already used.'))).toBe('Link already used.');
    expect(resetErrorMessage(new ApiRequestError(400, 'x', undefined, { message: 'Token expired.' }))).toBe('Token expired.');
    expect(resetErrorMessage(answered(400))).toBe('Invalid or expired token. Please try again.');
    expect(resetErrorMessage(new NetworkError())).toBe('Invalid or expired token. Please try again.');
  });

  it('logout: "Logout failed: " plus the error, or the generic text', () => {
    expect(logoutErrorMessage(answered(500, 'Boom.'))).toBe('Logout failed: Boom.');
    expect(logoutErrorMessage(new NetworkError())).toBe('An error occurred while logging out.');
  });
});

describe('"Send a new code" refused', () => {
  const refused = (seconds: number, error: string) => answered(429, error, { error, retry_after: seconds });

  it('says why the button waits, from the server\'s text: a code just sent, several this hour, the site cannot send mail, or too many requests', () => {
    expect(resendWaitOf(refused(42, MESSAGES.resendTooSoon(42)))).toEqual({ seconds: 42, reason: 'justSent' });
    expect(resendWaitOf(refused(60, MESSAGES.resendTooSoon(60)))).toEqual({ seconds: 60, reason: 'justSent' });
    expect(resendWaitOf(refused(1500, MESSAGES.resendHourLimit(1500)))).toEqual({ seconds: 1500, reason: 'hourly' });
    // The hour's window ends on the hour: its wait can be shorter than a minute, and is still the hour's.
    expect(resendWaitOf(refused(40, MESSAGES.resendHourLimit(40)))).toEqual({ seconds: 40, reason: 'hourly' });
    expect(resendWaitOf(refused(3600, MESSAGES.mailLimit))).toEqual({ seconds: 3600, reason: 'mailLimit' });
    // The route's share of the request limit (functions/http/request-limits.ts) is no code sent.
    expect(resendWaitOf(refused(30, MESSAGES.tooManyRequests))).toEqual({ seconds: 30, reason: 'tooMany' });
    expect(VERIFY_TEXTS.resendWhy.justSent(42)).toBe('A code was just sent. You can ask for a new one in 42 s.');
    expect(VERIFY_TEXTS.resendWhy.hourly(1500)).toBe('Several codes were sent in the last hour. You can ask for a new one in 25 min.');
  });

  it('anything else is no wait', () => {
    expect(resendWaitOf(answered(429, 'Slow down.'))).toBeUndefined();
    expect(resendWaitOf(answered(500, 'Boom.', { error: 'Boom.', retry_after: 5 }))).toBeUndefined();
    expect(resendWaitOf(new NetworkError())).toBeUndefined();
  });
});
