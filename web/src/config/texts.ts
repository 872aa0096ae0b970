/**
 * The words every screen uses (buttons, loading, errors, the dashboard frame and its tabs, the footer), and
 * the document title. A feature's own texts live next to it (`features/<feature>/texts.ts`, `transcript/texts.ts`,
 * `app/texts.ts`). Texts quoted by docs/product.md are copied to the letter (the comment names the section); the
 * rest is our own wording. Tests import the texts instead of repeating the strings, so keep these modules free
 * of browser and React imports.
 */

import { BRAND } from '@domain/brand';

/** Product identity, shared with the server (functions/domain/brand.ts). */
export { BRAND };

/** The words of every screen: loading, errors, the sign-in links, navigation and the footer. */
export const COMMON_TEXTS = {
  /** docs/product.md#screens-and-routes: shown while the session loads. */
  loadingSession: 'Loading session',
  /** docs/product.md#screens-and-routes (dashboard): profile loading. */
  loading: 'Loading...',
  skipToContent: 'Skip to main content',
  backHome: 'Back to home',
  goToDashboard: 'Go to Dashboard',
  login: 'Log in',
  signup: 'Sign up',
  dashboard: 'Dashboard',
  retry: 'Try again',
  /** The actions every form, list and dialog names the same way. */
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  sessionCheckFailed: 'We could not check your session. Please try again.',
  /** Issue 15: the toggle on every password field (its name stays; aria-pressed says whether it is shown). */
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  networkError: 'Network error. Please try again.',
  unexpectedError: 'Something went wrong. Please try again.',
  pageCrashed: 'Something went wrong while showing this page.',
  mainNavigation: 'Main',
  footerNavigation: 'Footer',
  footerPrivacy: 'Privacy Policy',
  footerTerms: 'Terms of Service',
  logoLabel: 'home',
  /** A deleted transcript's toast (the library's rows, the transcript page). */
  undo: 'Undo',
  undoLabel: (filename: string) => `Undo: restore ${filename}`,
} as const;

/** A page opened signed out, offered back on the dashboard and /welcome after the login (lib/session/return-path.ts). */
export const RETURN_NOTICE_TEXTS = {
  text: 'You were opening a page before signing in.',
  /** The link names the kind of page when it can (returnLinkText). */
  open: {
    transcript: 'Open the transcript',
    profile: 'Open your profile',
    tab: (label: string) => `Open ${label}`,
    page: 'Continue to it',
  },
  dismiss: 'Dismiss',
} as const;

/** docs/product.md#screens-and-routes (dashboard), 8. */
export const DASHBOARD_TEXTS = {
  title: 'Dashboard',
  sidebarLabel: 'Dashboard sections',
  /** The sidebar toggle; its state is told by aria-expanded. */
  sidebarToggle: 'Menu',
  closeSidebar: 'Close menu',
  tabs: {
    profile: 'Profile',
    transcribe: 'Transcribe File',
    transcribed: 'Transcribed Files',
    projects: 'Projects',
    tags: 'Tags',
  },
  logout: 'Logout',
  loadFailed: 'Failed to load user data.',
  logoutFailed: 'Logout failed: ',
  logoutError: 'An error occurred while logging out.',
  /** Issue 15: the profile menu in the top bar (its name ends with the visible e-mail) and its theme choice. */
  accountMenu: 'Account menu, signed in as',
  theme: 'Theme',
  themeChoices: { system: 'Match system', light: 'Light', dark: 'Dark' },
} as const;

/** Document titles per screen: `<screen> · <brand>`. */
export const pageTitle = (screen?: string): string => (screen ? `${screen} · ${BRAND.name}` : BRAND.name);
