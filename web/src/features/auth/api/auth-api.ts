/** The sign-in calls of SPEC.md section 7. All are made while signed out, so a 401 is an ordinary answer. */
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../config/paths';

export interface Credentials {
  email: string;
  password: string;
}

/** The signed-in user as login and verify answer it. */
export interface SignedInUser {
  id: string;
  email: string;
  name?: string;
}

export interface MessageAnswer {
  message?: string;
  user?: SignedInUser;
  error?: string;
}

export const login = (credentials: Credentials) =>
  api.post<{ user?: SignedInUser }>(apiPaths.login, { ...credentials }, { signedOutCall: true });

export const signup = (input: { name: string; email: string; password: string }) =>
  api.post<MessageAnswer>(apiPaths.signup, { ...input }, { signedOutCall: true });

export const verifyCode = (input: { email: string; code: string }) =>
  api.post<MessageAnswer>(apiPaths.verifyCode, { ...input }, { signedOutCall: true });

export const requestPasswordReset = (email: string) =>
  api.post<unknown>(apiPaths.forgotPassword, { email }, { signedOutCall: true });

export const resetPassword = (input: { token: string; password: string }) =>
  api.post<MessageAnswer>(apiPaths.resetPassword, { ...input }, { signedOutCall: true });

/** A 401 here only means the session was already gone: not a reason for the session-expired rule. */
export const logout = () => api.post<unknown>(apiPaths.logout, undefined, { signedOutCall: true });

/** Google sign-in is a full-page browser redirect to the API host (SPEC.md section 2, login). */
export const googleLoginUrl = apiPaths.googleLogin;
