/** The sign-in calls of docs/product.md#calls. All are made while signed out, so a 401 is an ordinary answer. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf, BodyOf } from '@contract';
import { apiCall, apiPath } from '@web/lib/api-client';
import { SESSION_QUERY_KEY } from '@web/lib/session/get-session';

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

/** Google sign-in is a full-page browser redirect to the API host (docs/product.md#screens-and-routes, login). */
export const googleLoginUrl = apiPath('GET /login/google');

/**
 * Verifying a sign-up code signs in: `onVerified` first (the toast), then the session is asked for
 * again, then `onSignedIn`.
 */
export function useVerifyCode(handlers: { onVerified: (answer: AnswerOf<'POST /verify-code'>) => void; onSignedIn: () => void; onError: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCode,
    onSuccess: async (answer) => {
      handlers.onVerified(answer);
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      handlers.onSignedIn();
    },
    onError: handlers.onError,
  });
}
