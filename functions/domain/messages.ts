import { MAX_SPEAKER_COUNT } from './constants';
/** A wait or a length in words: seconds up to two minutes, else whole minutes (rounded up). */
export const waitInWords = (seconds: number): string => (seconds <= 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`);

/** What is left of an allowance, never more than there is: seconds up to two minutes, else whole minutes (rounded down). */
const leftInWords = (seconds: number): string => (seconds <= 120 ? `${Math.max(0, Math.floor(seconds))} seconds` : `${Math.floor(seconds / 60)} minutes`);

/** Texts the API sends. docs/product.md#errors wording where it names one. */
export const MESSAGES = {
  notSignedIn: 'Not signed in.',
  foreignOrigin: 'Request refused: it came from another site.',
  originMissing: 'Request refused: it did not say which site it came from. Please use the app at its own address.',
  notThroughSite: 'Request refused: please use the app at its own address.',
  routeNotFound: 'No such API route.',
  bodyTooLarge: 'The request is too large.',
  internal: 'Something went wrong on our side. Please try again.',
  unavailable: 'The service is busy or briefly unavailable. Please try again in a moment.',
  malformedJson: 'The request body is not valid JSON.',
  jsonTooDeep: 'The request body nests its lists and objects too deeply.',
  objectRequired: 'The request needs its fields as a JSON object.',
  malformedForm: 'The form data could not be read.',
  invalidCursor: 'This list position is not valid. Load the list again from the start.',
  quotaUsed: (resets: string) => `You have used this month's transcription allowance. It resets on ${resets}.`,
  quotaTooShort: (lengthSeconds: number, leftSeconds: number, resets: string) =>
    `This recording is ${waitInWords(Math.round(lengthSeconds))} long, but only ${leftInWords(leftSeconds)} of this month's transcription allowance are left. It resets on ${resets}.`,
  workflowNotStarted: 'The transcription could not be started. Please try again.',
  jsonRequired: 'Send this request as JSON (Content-Type: application/json).',
  malformedText: 'Text may not contain NUL characters or broken Unicode.',
  nameOnOneLine: 'A name cannot contain line breaks or other control characters.',
  invalidRequest: 'The request is not valid.',

  invalidLogin: 'Invalid email or password',
  tooManyLogins: (seconds: number) => `Too many login attempts. Please wait ${waitInWords(seconds)} and try again.`,
  tooManyCodes: (seconds: number) => `Too many wrong codes. Please wait ${waitInWords(seconds)} and try again.`,
  mailLimit: "We can't send e-mail right now: the site has reached its sending limit. Please try again in an hour.",
  loggedOut: 'Logged out.',

  codeSent: (email: string) => `We sent a 6-digit code to ${email}.`,
  signUpMailWait: (email: string, seconds: number) => `We sent several e-mails to ${email} a short while ago. Please wait ${waitInWords(seconds)} and sign up again.`,
  tooManySignUps: (seconds: number) => `Too many sign-ups from your network. Please wait ${waitInWords(seconds)} and try again.`,
  invalidCode: 'Invalid or expired code.',
  codeResent: (email: string) => `If ${email} is waiting for a code, a new one is on its way. The earlier code no longer works.`,
  resendTooSoon: (seconds: number) => `Please wait ${seconds} seconds before asking for another code.`,
  resendAddressLimit: (seconds: number) => `Several e-mails were sent to this address a short while ago. Please wait ${waitInWords(seconds)} before asking for another code.`,
  resendHourLimit: (seconds: number) => `You asked for several codes this hour. Please wait ${seconds} seconds before asking for another code.`,
  enterValidCode: 'Enter a valid 6-digit code.',
  verified: 'Email verified.',

  resetRequested: 'If an account with that email exists, a password reset link has been sent.',
  resetDone: 'Your password has been reset successfully!',
  invalidResetToken: 'Invalid or expired token. Please try again.',

  profileSaved: 'Profile updated successfully!',
  dobLimitReached: 'Date of birth change limit reached',
  wrongPassword: 'The password is not correct.',
  mustConfirmDelete: 'Please agree and enter your password.',
  googleSignInAgain: 'For your safety, sign in with Google again, then delete your account.',
  accountDeleted: 'Account deleted.',

  chooseFile: 'Please choose a file.',
  emptyFile: 'The file is empty.',
  notMedia: 'This file is not audio or video. Please choose a recording (for example MP3, WAV, M4A, MP4 or MOV).',
  fileTooLarge: (limit: string) => `The file is too large: the limit is ${limit}.`,
  recordingTooLong: (hours: number) => `The recording is too long: the limit is ${hours} hours.`,
  formFileTooLarge: (limit: string) => `Files over ${limit} must be uploaded with the app's direct upload.`,
  languageNotTranscribable: (language: string) => `${language} isn't available here yet. Please choose another language.`,
  /** Issue 29: POST /api/live/sessions where this deployment has no live transcription to hand out, or not in this language. */
  liveUnavailable: 'Live transcription is not available here. Your recording is still transcribed when you stop.',
  liveLanguageUnavailable: (language: string) => `Live transcription is not available in ${language}. Your recording is still transcribed when you stop.`,
  liveSessionNotFound: 'This live transcription session was not found.',
  speakersUnavailable: 'Speaker identification is not available on this server. Please turn it off.',
  speakerCount: `The number of speakers must be Auto or a whole number from 2 to ${MAX_SPEAKER_COUNT}.`,
  uploadNotFound: 'The upload was not found or has expired. Please upload the file again.',
  uploadIncomplete: 'The upload is not complete. Please upload the file again.',
  noSuchUploadPart: 'This upload has no such part.',
  transcriptNotFound: 'Transcript not found.',
  projectNotFound: 'Project not found.',
  askEmpty: 'Type a question to ask.',
  askTooLong: (limit: number) => `A question can be at most ${limit} characters.`,
  /** Ask's answer when the passages found do not answer the question (issue 30). */
  askNoAnswer: "The recordings don't say.",
  askDailyLimit: (limit: number, seconds: number) =>
    `You have asked ${limit} questions today, the most a day allows. You can ask again in ${seconds > 3600 ? `${Math.ceil(seconds / 3600)} hours` : waitInWords(seconds)}.`,
  recordingNotFound: 'Recording not found.',
  tagNotFound: 'Tag not found.',
  /** The one answer for a shared link that was revoked, expired, never existed, or whose transcript is in the trash. */
  sharedLinkNotFound: 'This link does not work. It may have expired or been turned off by the person who shared it.',
  shareLinkNotFound: 'Share link not found.',
  notReadyToShare: 'This transcript is not finished yet, so it cannot be shared.',
  trashedNotShared: 'This transcript is in the trash. Restore it to share it.',
  trashedNotStarted: 'This transcript is in the trash. Restore it to transcribe it.',
  tooManySharedReads: 'Too many requests. Please wait a minute and try again.',
  tooManyShareLinks: (max: number) => `This transcript already has ${max} active share links. Turn one off to make another.`,
  /** Over the per-user (or, signed out, per-address) request limit: the Retry-After header says how long. */
  tooManyRequests: 'Too many requests in a short time. Please wait a few seconds and try again.',
  tagChangedMeanwhile: 'This tag was renamed or deleted at the same time elsewhere. Reload your tags and try again.',
  tagExists: (name: string) => `You already have a tag named "${name}".`,
  notReadyToTranslate: 'This transcript is not finished yet, so it cannot be translated.',
  translateIntoOwnLanguage: (language: string) => `This transcript is already in ${language}. Choose another language to translate it into.`,
  untranslatedWordsNote: (mark: string) => `Words marked ${mark} were left untranslated: the translation has no word for them.`,
  noTranslation: (language: string) => `This transcript has no ${language} translation yet. Translate it into ${language} first, then download it.`,
  untranslatableSource: (language: string) => `Transcripts in ${language} can't be translated yet.`,
  languageNotTranslatable: (language: string) => `${language} can't be translated into yet.`,
  notReadyToEdit: 'This transcript is not finished yet, so it cannot be changed.',
  notReadyToDownload: 'This transcript is not finished yet, so it cannot be downloaded.',
  restoreToEdit: 'This transcript is deleted. Restore it to change it.',
  notFailed: 'Only a transcription that failed can be tried again.',
  tooManyEditGroups: (most: number) => `A correction can change at most ${most.toLocaleString('en-US')} word groups at once.`,
  repeatedEditGroup: (index: number) => `Word group ${index} is named more than once: send each group once, with its whole new text.`,
  tooManyEditWords: (most: number) => `A correction can hold at most ${most.toLocaleString('en-US')} words in all.`,
  transcriptTooLong: (most: number) => `A transcript can hold at most ${most.toLocaleString('en-US')} words: this correction would make it longer.`,
  /** A recording that ended the speech engine's process (out of memory, a fault): the job fails, the upload stays for a retry. */
  recordingNotProcessed: 'This recording could not be processed. You can try again, or upload a shorter recording.',
  changedMeanwhile: 'The transcript was changed at the same time elsewhere. Please try again.',
  summaryUnavailable: 'The summary could not be made right now. Please try again later.',
  unknownTemplate: 'Choose a summary: key_points, meeting_minutes, action_items, lecture_notes, interview or custom.',
  instructionRequired: 'Write what the custom summary should do.',
  instructionTooLong: (most: number) => `An instruction can be at most ${most} characters.`,
  /** Issue 30: a template that needs a language model, which this server does not have. */
  templateUnavailable: (name: string) => `${name} needs an AI model, which this server does not have. Key points and Action items are available here.`,
  /** Issue 30: a custom instruction saved as the user's own template. */
  templateNameRequired: 'Give the template a name.',
  templateNameTooLong: (most: number) => `A template name can be at most ${most} characters.`,
  templateNameTaken: (name: string) => `You already have a template named "${name}". Choose another name.`,
  tooManySavedTemplates: (most: number) => `You can keep at most ${most} templates of your own. Delete one to save another.`,
  savedTemplateNotFound: 'Template not found.',
  translationUnavailable: 'The translation service is not available right now. Please try again later.',
  /** Issue 31: one summary or translation of a transcript is made at a time (409). */
  textJobBusy: 'A summary or translation of this transcript is being made. Please wait until it is done, then try again.',
  /** A text job that failed without its own reason, or was stopped; what was there before is kept. */
  textJobFailed: (what: 'summary' | 'translation') => `The ${what} could not be made. What was there before is kept. Please try again.`,
  textJobTimedOut: (what: 'summary' | 'translation') => `The ${what} took too long and was stopped. What was there before is kept. Please try again.`,
} as const;
