/** The sign-in calls of SPEC.md section 7. All are made while signed out, so a 401 is an ordinary answer. */
import type { BodyOf } from '@contract/routes';
import { apiCall, apiPath } from '@web/lib/api-client';

export type Credentials = BodyOf<'POST /api/login'>;

export const login = (body: Credentials) => apiCall('POST /api/login', { body, signedOutCall: true });

export const signup = (body: BodyOf<'POST /signup'>) => apiCall('POST /signup', { body, signedOutCall: true });

export const verifyCode = (body: BodyOf<'POST /verify-code'>) => apiCall('POST /verify-code', { body, signedOutCall: true });

/** A new sign-up code (issue 15); a 429 carries `retry_after` seconds. */
export const resendCode = (email: string) => apiCall('POST /api/resend-code', { body: { email }, signedOutCall: true });

export const requestPasswordReset = (email: string) => apiCall('POST /api/forgot-password', { body: { email }, signedOutCall: true });

export const resetPassword = (body: BodyOf<'POST /api/reset-password'>) => apiCall('POST /api/reset-password', { body, signedOutCall: true });

/** A 401 here only means the session was already gone: not a reason for the session-expired rule. */
export const logout = () => apiCall('POST /logout', { signedOutCall: true });

/** Google sign-in is a full-page browser redirect to the API host (SPEC.md section 2, login). */
export const googleLoginUrl = apiPath('GET /login/google');
