/**
 * The profile tab's texts. Shared words are in `@web/config/texts`; like it, this module has no browser or React
 * imports (tests read it).
 */

import { COUNTRIES, GENDERS } from '@domain/constants';
import { MESSAGES } from '@domain/messages';

/** docs/product.md#screens-and-routes (profile tab), 5, 8. */
export const PROFILE_TEXTS = {
  title: 'Profile',
  accountSection: 'Account',
  accountNote: 'Your user ID and email cannot be changed.',
  usage: (audio: string, jobs: number, live: string | null) =>
    `This month: ${audio} of audio in ${jobs} ${jobs === 1 ? 'transcription' : 'transcriptions'}${live === null ? '' : `, and ${live} of live transcription`}.`,
  usageQuota: (quota: string) => ` Your monthly allowance is ${quota}.`,
  detailsSection: 'Personal details',
  userId: 'User ID',
  email: 'Email',
  name: 'Name',
  gender: 'Gender',
  genderPlaceholder: 'Select gender',
  customGender: 'Please specify',
  dateOfBirth: 'Date of Birth',
  dobChangesLeft: (left: number) => `You can change your date of birth ${left} more ${left === 1 ? 'time' : 'times'}.`,
  country: 'Country',
  countryPlaceholder: 'Select country',
  save: 'Save Changes',
  deleteAccount: 'Delete Account',
  deleteSection: 'Delete account',
  deleteSectionText: 'Permanently delete your account and everything in it: transcripts, recordings, projects and tags.',
  dobLimitReached: MESSAGES.dobLimitReached,
  deleteAgree: 'I understand and agree',
  deleteWarning: MESSAGES.mustConfirmDelete,
  /** For a Google session, where the password is optional: only the checkbox is asked for. */
  deleteWarningGoogle: 'Please tick "I understand and agree" to delete your account.',
  loadFailed: 'Failed to load user data.',
  saveFailed: 'Failed to save changes.',
  saved: MESSAGES.profileSaved,
  deleteFailed: 'Failed to delete account.',
  deleted: 'Account deleted. Redirecting...',
  genderOptions: GENDERS,
  countryOptions: COUNTRIES,
  /** The delete-account confirmation dialog. */
  deleteDialogTitle: 'Delete your account?',
  deleteDialogText: 'This permanently deletes your account, your transcripts, recordings, projects and tags. It cannot be undone.',
  deletePassword: 'Password',
  deletePasswordOptional: 'Password (optional)',
  deleteGoogleNote: 'You signed in with Google. Your recent Google sign-in confirms it is you; enter your password only if you also set one.',
  /** A sign-in at the local stand-in for Google confirms nothing: the account's password is needed. */
  deleteStandInNote: 'You signed in with Google on a test sign-in page, which cannot confirm it is you. Enter your password; if you have none yet, set one with "Forgot Password?" on the login page.',
  deleteConfirm: 'Delete Account',
} as const;
