/** Business constants of SPEC.md section 9 and the security constants of DESIGN.md section 4: one place each. */

/** One password policy: the Cognito pool (infra) and our own checks (cognito-local enforces none) both read it. */
export const PASSWORD_POLICY = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: false,
} as const;

export const VERIFICATION_CODE_LENGTH = 6;
export const DATE_OF_BIRTH_CHANGE_LIMIT = 2;
export const TRANSCRIPT_POLL_INTERVAL_MS = 5000;
export const LIST_PREVIEW_LENGTH = 100;

/** Session cookie of DESIGN.md section 4. */
export const SESSION_COOKIE_NAME = 'sid';
export const SESSION_TOKEN_BYTES = 32;
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

/** API Gateway's own payload limit; the local gateway enforces the same. */
export const MAX_API_BODY_BYTES = 10 * 1024 * 1024;
