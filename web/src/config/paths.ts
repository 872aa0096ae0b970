import { momentParam } from '@domain/moment';

/** The app's own URLs (docs/product.md#screens-and-routes). Build links with these, never with string literals. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  dashboard: '/dashboard',
  profile: '/profile',
  transcript: (id: string) => `/transcript/${encodeURIComponent(id)}`,
  /** Issue 28: a transcript opened at a moment (`?t=` in seconds). */
  transcriptAt: (id: string, ms: number) => `/transcript/${encodeURIComponent(id)}?t=${momentParam(ms)}`,
  /** Issue 15: a read-only link's page. */
  shared: (token: string) => `/s/${encodeURIComponent(token)}`,
  welcome: '/welcome',
  verify: (email?: string) => (email === undefined ? '/verify' : `/verify?email=${encodeURIComponent(email)}`),
  postLogin: '/post-login',
  terms: '/terms',
  privacy: '/privacy',
} as const;
