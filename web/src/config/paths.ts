/** The app's own URLs (SPEC.md section 2). Build links with these, never with string literals. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  dashboard: '/dashboard',
  profile: '/profile',
  transcript: (id: string) => `/transcript/${encodeURIComponent(id)}`,
  welcome: '/welcome',
  verify: (email?: string) => (email === undefined ? '/verify' : `/verify?email=${encodeURIComponent(email)}`),
  postLogin: '/post-login',
  terms: '/terms',
  privacy: '/privacy',
} as const;

/** Paths served by the API host (SPEC.md section 7). Same origin as the app (DESIGN.md section 3). */
export const apiPaths = {
  session: '/api/session',
  login: '/api/login',
  logout: '/logout',
  googleLogin: '/login/google',
  signup: '/signup',
  verifyCode: '/verify-code',
  profile: '/api/profile',
  deleteAccount: '/api/delete-account',
  forgotPassword: '/api/forgot-password',
  resetPassword: '/api/reset-password',
  transcript: (id: string) => `/api/transcripts/${encodeURIComponent(id)}`,
} as const;
