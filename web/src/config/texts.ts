/**
 * Every user-visible text of the web app, in one place. Texts quoted by SPEC.md are copied to the
 * letter (the comment names the section); the rest is our own wording. Tests import from here
 * instead of repeating the strings, so keep this module free of browser and React imports.
 */

import { BRAND } from '@domain/brand';
import { COUNTRIES, GENDERS } from '@domain/constants';
import { PASSWORD_POLICY_TEXT } from '@domain/password-policy';
import type { GoogleErrorCode } from '@domain/google-sign-in';
import { MESSAGES } from '@domain/messages';
import { SUPPORT_TEXTS } from '@domain/support';

/** Product identity, shared with the server (functions/domain/brand.ts). */
export { BRAND };

export const TEXTS = {
  common: {
    /** SPEC 2: shown while the session loads. */
    loadingSession: 'Loading session',
    /** SPEC 2 (dashboard): profile loading. */
    loading: 'Loading...',
    skipToContent: 'Skip to main content',
    backHome: 'Back to home',
    goToDashboard: 'Go to Dashboard',
    login: 'Log in',
    signup: 'Sign up',
    dashboard: 'Dashboard',
    retry: 'Try again',
    sessionCheckFailed: 'We could not check your session. Please try again.',
    networkError: 'Network error. Please try again.',
    unexpectedError: 'Something went wrong. Please try again.',
    pageCrashed: 'Something went wrong while showing this page.',
    mainNavigation: 'Main',
    footerNavigation: 'Footer',
  },

  /** SPEC 2: the not-found screen. */
  notFound: {
    title: '404 - Page Not Found',
    message: 'Sorry, the page you are looking for does not exist.',
  },

  /** SPEC 6 / 8: the shared 401 rule. */
  session: {
    expired: 'Session expired. Please login again.',
  },

  /** SPEC 2 (landing page). */
  landing: {
    title: 'Turn every recording into clear, searchable text',
    tagline: 'Transcribe audio like never before',
    getStarted: 'Get Started',
    lead: 'Upload audio or video and get an accurate transcript with a summary, a topic, speakers and word-level timings.',
    haveAccount: 'Already have an account? Log in',
    heroNote: 'No payment and no credit card required.',
    audiencesTitle: 'Who Is It For',
    audiences: [
      { name: 'Doctors', description: 'Medical notes and patient interviews' },
      { name: 'Nurses', description: 'Clinical observations' },
      { name: 'Lawyers', description: 'Depositions and interviews' },
      { name: 'Students', description: 'Lectures and study sessions' },
      { name: 'Podcasters', description: 'Episodes and interviews' },
      { name: 'Journalists', description: 'Interviews and field notes' },
    ],
    featuresTitle: 'Everything you need from a recording',
    features: [
      {
        name: 'AI-powered transcription',
        description: 'Upload audio or video and get an accurate transcript, with optional speaker identification and word-level timings.',
      },
      {
        name: 'Crystal-clear transcriptions',
        description: 'Clean, readable text that keeps its line breaks, with every word highlighted as the audio plays.',
      },
      {
        name: 'Multilingual support',
        description: 'Transcribe and translate in over 40 languages.',
      },
      {
        name: 'GPT smart summaries',
        description: 'An AI-generated summary and topic for every recording, so you get the point in seconds.',
      },
      {
        name: 'Project organization',
        description: 'Keep transcripts tidy with projects, folders and tags.',
      },
    ],
    testimonialsTitle: 'What our users say',
    testimonials: [
      {
        quote: 'I dictate my patient notes between visits and they are ready before the next appointment.',
        author: 'Dr. Amara Okafor',
        role: 'Family physician',
      },
      {
        quote: 'Recorded lectures become searchable study notes, and the summaries are a lifesaver before exams.',
        author: 'Lukas Brenner',
        role: 'Law student',
      },
      {
        quote: 'Interview transcripts with speakers and timings make editing my episodes so much faster.',
        author: 'Priya Natarajan',
        role: 'Podcast host',
      },
    ],
    ctaTitle: 'Ready to stop typing?',
    ctaText: 'Create your free account and transcribe your first recording in minutes. No payment and no credit card required.',
    signUpFree: 'Sign Up Free',
    contactTitle: 'Contact us',
    contactText: 'Questions, feedback or partnership ideas? Write to us and we will get back to you.',
    contactEmailLabel: 'Email',
    contactSocialLabel: 'Social',
    footerPrivacy: 'Privacy Policy',
    footerTerms: 'Terms of Service',
    logoLabel: 'home',
  },

  /** SPEC 2 (login), 8. */
  login: {
    title: 'Welcome back',
    subtitle: 'Log in to your account',
    email: 'Email',
    password: 'Password',
    submit: 'Login with Email',
    forgotPassword: 'Forgot Password?',
    google: 'Continue with Google',
    or: 'or',
    noAccount: "Don't have an account?",
    signupLink: 'Sign up',
    failure: MESSAGES.invalidLogin,
    verifyLink: 'Signed up but not verified yet? We e-mailed you a code: enter it here',
  },

  /** SPEC 2 (signup), 5, 8. */
  signup: {
    title: 'Create your account',
    subtitle: 'Start transcribing for free',
    name: 'Full name',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm password',
    termsPrefix: 'I accept the',
    termsLink: 'Terms and Conditions',
    submit: 'Continue with Email',
    google: 'Continue with Google',
    or: 'or',
    haveAccount: 'Already have an account?',
    loginLink: 'Log in',
    requiredFields: 'Please fill in all required fields.',
    passwordMismatch: 'Passwords do not match.',
    termsRequired: 'You must accept the Terms and Conditions.',
    failure: 'Signup failed.',
    networkFailure: 'An error occurred during signup.',
    success: 'Account created. Check your email for the verification code.',
    /** Under the password field: the policy sentence of functions/domain/password-policy.ts. */
    passwordHint: PASSWORD_POLICY_TEXT,
  },

  /** SPEC 2 (verify), 5, 8. */
  verify: {
    title: 'Verify your email',
    sentTo: 'We sent a 6-digit code to',
    code: 'Verification code',
    submit: 'Verify Email',
    invalidCode: MESSAGES.enterValidCode,
    missingEmail: 'Email is missing from verification URL.',
    failure: MESSAGES.invalidCode,
    networkFailure: 'Network error. Please try again.',
    success: 'Email verified. Redirecting...',
    loginLink: 'Log in',
  },

  /** SPEC 2 (welcome). */
  welcome: {
    greeting: (name: string) => `Welcome, ${name}!`,
    fallbackName: 'there',
    text: 'Your account is ready. Upload your first recording to get a transcript, a summary and a topic.',
    goToDashboard: 'Go to Dashboard',
  },

  /** SPEC 2 (forgot password), 8. */
  forgotPassword: {
    title: 'Forgot your password?',
    subtitle: 'Enter your email and we will send you a link to reset it.',
    email: 'Email',
    submit: 'Send Reset Link',
    backToLogin: 'Back to Login',
    success: MESSAGES.resetRequested,
    failure: 'An error occurred. Please try again.',
  },

  /** SPEC 2 (reset password), 5, 8. */
  resetPassword: {
    title: 'Set a new password',
    password: 'New password',
    confirmPassword: 'Confirm new password',
    submit: 'Update Password',
    mismatch: 'Passwords do not match.',
    failure: MESSAGES.invalidResetToken,
    success: MESSAGES.resetDone,
    backToLogin: 'Back to Login',
    passwordHint: PASSWORD_POLICY_TEXT,
  },

  /** SPEC 2 (dashboard), 8. */
  dashboard: {
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
    signedInAs: 'Signed in as',
  },

  /** SPEC 2 (profile tab), 5, 8. */
  profile: {
    title: 'Profile',
    accountSection: 'Account',
    accountNote: 'Your user ID and email cannot be changed.',
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
    deleteCancel: 'Cancel',
    deleteConfirm: 'Delete Account',
  },

  /** SPEC 2 (transcribe and transcribed files tabs, transcript detail), 4, 5, 8. */
  transcripts: {
    detailTitle: 'Transcript',
    statusLabel: 'Status',
    createdLabel: 'Created',
    topicLabel: 'Topic',
    summaryLabel: 'Summary',
    textLabel: 'Transcript',
    loadingTranscript: 'Loading transcript',
    loadErrorPrefix: 'Error: ',
    loadFailed: 'Failed to load transcript.',
    resumePrompt: 'Resume last unfinished transcription?',
    chooseFile: MESSAGES.chooseFile,
    transcribe: 'Transcribe',
    transcribeFailed: 'Transcription failed.',
    transcribeNetworkFailed: 'An error occurred while transcribing the file.',
    showDeleted: 'Show Deleted',
    showActive: 'Show Active',
    deleteAll: 'Delete All',
    viewFull: 'View Full',
    download: 'Download',
    delete: 'Delete',
    translate: 'Translate',
    restore: 'Restore',
    translateFailed: 'Translation failed.',
    translateError: 'Error occurred during translation.',
    restoreFailed: 'Failed to restore transcript.',
    restoreError: 'Error restoring transcript.',
    deleteFailed: 'Failed to delete transcript.',
    deleteAllFailed: "Some transcripts couldn't be deleted.",
  },

  /** The Transcribe tab and the word-highlighting player (SPEC 2, 4): our own wording; SPEC's texts stay in `transcripts`. */
  transcribe: {
    uploadTitle: 'Upload a recording',
    file: 'Audio or video file',
    fileHint: (limit: string) => `Choose an audio or video recording (MP3, WAV, M4A, MP4, MOV and more), up to ${limit}.`,
    optionsTitle: 'Options',
    language: 'Language',
    aiSummary: 'AI summary and topic',
    verbatim: 'Verbatim (keep filler words and repetitions)',
    diarization: 'Speaker identification',
    notAvailableHere: 'not available on this server',
    unavailableOption: (name: string, reason: string) => `${name} (${reason})`,
    timestamps: 'Timestamps in the text',
    organiseTitle: 'Project and tags',
    project: 'Project',
    noProject: 'No project',
    projectsLoadFailed: 'Your projects could not be loaded, so none can be chosen now.',
    tags: 'Tags',
    noTags: 'No tags yet.',
    tagsLoadFailed: 'Your tags could not be loaded, so none can be chosen now.',
    manageTags: 'Manage tags',
    cancelUpload: 'Cancel upload',
    uploadCancelled: 'The upload was cancelled.',
    uploading: (filename: string) => `Uploading ${filename}`,
    uploadProgress: 'Upload progress',
    checking: 'Checking the file...',
    starting: 'Starting the transcription...',
    processing: (filename: string) => `Transcribing ${filename}...`,
    processingHint: 'This can take a few minutes. The page checks every 5 seconds; you may leave this tab and come back.',
    completed: 'Transcription complete.',
    resumeText: 'A transcription you started earlier had not finished when you left.',
    resumeConfirm: 'Resume',
    resumeDecline: 'Discard',
    scrollToTranscript: 'Go to transcript',
    resultTitle: 'Transcript',
    summaryBoxTitle: 'Topic and summary',
    keyPointsBoxTitle: 'Topic and key points',
    keyPointsLabel: 'Key points',
    noSpeech: 'No speech was found in this recording.',
    noSummary: 'No AI summary was made for this recording.',
    player: {
      audioLabel: (filename: string) => `Recording of ${filename}`,
      recording: 'Recording',
      wordsLabel: 'Transcript words',
      hint: 'Select a word to play the recording from there. In the transcript, the arrow keys move between words.',
      noWords: 'This transcript has no word timings.',
      audioUnsupported: 'Your browser cannot play this recording.',
      audioFailed: 'The recording could not be loaded. Please reload the page to try again.',
    },
  },

  /** SPEC 8 (projects and tags). */
  projects: {
    nameRequired: 'Project name is required.',
    createFailed: 'Failed to create project.',
    genericError: 'An error occurred.',
    updateFailed: 'Failed to update project.',
    deleteFailed: 'Failed to delete project.',
  },
  tags: {
    createFailed: 'Failed to create tag.',
  },

  /** The library tabs (Transcribed Files, Projects, Tags): our own wording around SPEC's texts, which stay in `transcripts`, `projects` and `tags`. */
  library: {
    listLabel: 'Your transcripts',
    deletedListLabel: 'Deleted transcripts',
    count: (n: number) => `${n} ${n === 1 ? 'transcript' : 'transcripts'}`,
    showMore: (n: number) => `Show ${n} more`,
    loadFailed: 'Your transcripts could not be loaded.',
    emptyActive: 'No transcripts yet.',
    emptyActiveHint: 'Transcribe a recording and it will appear here.',
    goTranscribe: 'Transcribe a file',
    emptyDeleted: 'No deleted transcripts.',
    emptyDeletedHint: 'Transcripts you delete appear here, and you can restore them.',
    deleteAllTitle: 'Delete all transcripts?',
    deleteAllText: (n: number) => `All ${n} active ${n === 1 ? 'transcript moves' : 'transcripts move'} to the deleted list. You can restore them from there.`,
    cancel: 'Cancel',
    deleteAllDone: 'All transcripts were deleted.',
    deletedToast: (filename: string) => `${filename} was deleted.`,
    restoredToast: (filename: string) => `${filename} was restored.`,
    statusLabel: 'Status',
    createdLabel: 'Created',
    tagsLabel: 'Tags',
    noText: 'No text yet.',
    viewFullLabel: (filename: string) => `View Full transcript of ${filename}`,
    deleteLabel: (filename: string) => `Delete ${filename}`,
    restoreLabel: (filename: string) => `Restore ${filename}`,
    translateLabel: (filename: string) => `Translate ${filename}`,
    downloadGroup: (filename: string) => `Downloads of ${filename}`,
    downloadSrt: 'SRT',
    downloadVtt: 'VTT',
    downloadLabel: (file: string) => `Download ${file}`,
    /** Starts with the visible 'SRT' / 'VTT', so speech control finds it by what it shows. */
    subtitleLabel: (format: string, file: string) => `${format} subtitles: download ${file}`,
    downloadFailed: 'The transcript could not be downloaded. Please try again.',
    noTimings: 'This transcript has no word timings, so no subtitles can be made.',
    notReady: 'Download and translation are available once the transcription is complete.',
    language: 'Language',
    languageFor: (filename: string) => ` for ${filename}`,
    translationTitle: (language: string) => `Translation (${language})`,
    audioLabel: (filename: string) => `Recording of ${filename}`,
    audioUnsupported: 'Your browser cannot play this recording.',
    projects: {
      createTitle: 'New project',
      listTitle: 'Your projects',
      name: 'Name',
      description: 'Description',
      create: 'Create Project',
      created: 'Project created.',
      updated: 'Project updated.',
      deleted: 'Project deleted.',
      loadFailed: 'Your projects could not be loaded.',
      empty: 'No projects yet. Create one to group transcripts.',
      edit: 'Edit',
      editLabel: (name: string) => `Edit ${name}`,
      save: 'Save',
      saveLabel: (name: string) => `Save ${name}`,
      cancel: 'Cancel',
      delete: 'Delete',
      deleteLabel: (name: string) => `Delete ${name}`,
      deleteTitle: (name: string) => `Delete the project ${name}?`,
      deleteText: 'Its transcripts stay in your library; they just leave the project.',
      viewTranscripts: 'View Transcripts',
      hideTranscripts: 'Hide Transcripts',
      transcriptsOf: (name: string) => ` of ${name}`,
      transcriptsLoadFailed: 'The transcripts of this project could not be loaded.',
      noTranscripts: 'No transcripts in this project yet.',
      createdOn: (date: string) => `Created ${date}`,
    },
    tags: {
      addTitle: 'New tag',
      listTitle: 'Your tags',
      added: 'Tag added.',
      renamed: 'Tag renamed.',
      deleted: 'Tag deleted.',
      name: 'Tag name',
      add: 'Add Tag',
      loadFailed: 'Your tags could not be loaded.',
      empty: 'No tags yet. Add one to label transcripts.',
      rename: 'Rename',
      renameLabel: (name: string) => `Rename ${name}`,
      newName: (name: string) => `New name for ${name}`,
      nameRequired: 'Enter a name.',
      save: 'Save',
      cancel: 'Cancel',
      delete: 'Delete',
      deleteLabel: (name: string) => `Delete ${name}`,
      deleteTitle: (name: string) => `Delete the tag ${name}?`,
      deleteText: 'It is removed from every transcript that carries it.',
    },
  },

  /** SPEC 2 (support widget), 8. */
  support: {
    typing: 'Typing',
    send: 'Send',
    noReply: "Sorry, I couldn't understand that.",
    unavailable: 'Support is currently unavailable.',
    /** The chat box's title: the product's support name (functions/domain/brand.ts). */
    title: BRAND.supportName,
    open: `Open ${BRAND.supportName} chat`,
    close: 'Close support chat',
    inputLabel: 'Your question',
    placeholder: 'Ask a question…',
    welcome: `Hi! Ask me anything about ${BRAND.name}: uploads and file formats, languages, summaries, translation, downloads, projects and tags, privacy or your account.`,
    you: 'You',
    messagesLabel: 'Conversation',
    /** Also the server's text for an overlong question (functions/domain/support.ts). */
    tooLong: SUPPORT_TEXTS.tooLong,
  },

  /** SPEC 1, 9: legal texts. */
  legal: {
    termsTitle: 'Terms of Service',
    privacyTitle: 'Privacy Policy',
    lastUpdated: 'Last updated: July 9, 2025',
    contents: 'On this page',
  },

  /** Google sign-in (SPEC 2): why it ended back on /login (`/login?error=<code>`, functions/domain/google-sign-in.ts). */
  google: {
    notConfigured: 'Google sign-in is not configured',
    errors: {
      google_denied: 'Google sign-in was cancelled. You can try again, or log in with your email.',
      google_state: 'That Google sign-in could not be checked: it expired or was started in another window. Please try again.',
      google_unverified: 'Your Google account has no verified email address, so it cannot be used to sign in. Please log in with your email.',
      google_unavailable: 'Google sign-in is not configured on this site. Please log in with your email and password.',
      google_throttled: 'Too many Google sign-in attempts. Please wait 15 minutes and try again.',
      google_failed: 'Google sign-in failed. Please try again, or log in with your email.',
    } satisfies Record<GoogleErrorCode, string>,
  },
} as const;

/** Document titles per screen: `<screen> · <brand>`. */
export const pageTitle = (screen?: string): string => (screen ? `${screen} · ${BRAND.name}` : BRAND.name);
