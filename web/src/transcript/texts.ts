/**
 * The words of a transcript wherever it shows (library rows, the transcribe result, its page, a shared link): its
 * fields, states and actions, the reading view and player, the summary, translation and job progress. Shared words
 * are in `@web/config/texts`; like it, this module has no browser or React imports (tests read it).
 */

import { COMMON_TEXTS } from '@web/config/texts';

/** docs/product.md#screens-and-routes (transcribe and transcribed files tabs, transcript detail), 4, 5, 8. */
export const TRANSCRIPTS_TEXTS = {
  /** Issue 27: the language choice that lets the engine find the language (Transcribe tab, a mismatched transcript). */
  autoLanguage: 'Auto (find the language)',
  detailTitle: 'Transcript',
  statusLabel: 'Status',
  createdLabel: 'Created',
  topicLabel: 'Topic',
  summaryLabel: 'Summary',
  textLabel: 'Transcript',
  loadingTranscript: 'Loading transcript',
  loadErrorPrefix: 'Error: ',
  loadFailed: 'Failed to load transcript.',
  transcribeFailed: 'Transcription failed.',
  viewFull: 'View Full',
  download: 'Download',
  delete: COMMON_TEXTS.delete,
  translate: 'Translate',
  restore: 'Restore',
  translateFailed: 'Translation failed.',
  translateError: 'Error occurred during translation.',
  restoreFailed: 'Failed to restore transcript.',
  deleteFailed: 'Failed to delete transcript.',
  processing: (filename: string) => `Transcribing ${filename}...`,
  summaryBoxTitle: 'Topic and summary',
  keyPointsBoxTitle: 'Topic and key points',
  keyPointsLabel: 'Key points',
  /** Issue 30: the tabs of the summary section (key points, then each template made). */
  summaryTabs: 'Summaries',
  /** Issue 30: a template made before a later correction. */
  templateOutdated: 'Made before the text was last corrected.',
  templateOutdatedCustom: 'Made before the text was last corrected. Write the instruction again under Summarize as… to make it anew.',
  redoTemplate: (name: string) => `Make ${name} again`,
  /** A template that found nothing (no action item was said): said, not an empty tab. */
  templateEmpty: (name: string) => `${name}: nothing found in this recording.`,
  noSpeech: 'No speech was found in this recording.',
  noSummary: 'No AI summary was made for this recording.',
  player: {
    audioLabel: (filename: string) => `Recording of ${filename}`,
    recording: 'Recording',
    audioFailed: 'The recording could not be loaded. Please reload the page to try again.',
  },
  projectLabel: 'Project',
  duration: 'Length',
  translateLabel: (filename: string) => `Translate ${filename}`,
  language: 'Language',
  languageFor: (filename: string) => ` for ${filename}`,
  translationTitle: (language: string) => `Translation (${language})`,
  /** Issue 28: a word the translation left as it was said. */
  untranslated: 'Not translated',
  untranslatedLegend: 'Words shown like this were left untranslated: the translation has no word for them.',
  translationDownloadLabel: (language: string) => `Download the ${language} translation as`,
  translationDownload: 'Download translation',
  exportFormats: { txt: 'Plain text (.txt)', md: 'Markdown (.md)', docx: 'Word (.docx)', srt: 'Subtitles (.srt)', vtt: 'Subtitles (.vtt)', json: 'Words and times (.json)' },
} as const;

/** Issue 15: where an unfinished transcription stands, a failed one's "Try again", and the notice when one is ready. */
export const PROGRESS_TEXTS = {
  label: (name: string) => `Progress of ${name}`,
  uploaded: 'Uploaded, about to start',
  queuedNext: 'Waiting: next in line',
  queuedBehind: (ahead: number) => `Waiting: ${ahead} ${ahead === 1 ? 'recording' : 'recordings'} ahead in line`,
  queued: 'Waiting for its turn',
  transcribing: 'Transcribing',
  transcribingShare: (percent: number) => `Transcribing: ${percent}% done`,
  summarizing: 'Writing the summary',
  /** Issue 31: a long transcript's translation, made as a job. */
  translating: 'Translating',
  textJobLabel: (name: string) => `Progress of the summary or translation of ${name}`,
  failedTitle: 'The transcription did not finish.',
  tryAgain: COMMON_TEXTS.retry,
  tryAgainLabel: (name: string) => `Try again: ${name}`,
  retryFailed: 'It could not be started again. Please try again in a moment.',
  retried: 'Started again.',
  notify: 'Notify me when it is ready',
  notifyOn: 'You will get a notification when it is ready.',
  notifyBlocked: 'Notifications are blocked for this site in your browser settings.',
  readyTitle: (name: string) => `✓ Ready: ${name}`,
  readyBody: (name: string) => `The transcript of ${name} is ready.`,
} as const;

/** Issue 14: the reading view and the player (corrections of a paragraph included). Our own wording. */
export const READING_TEXTS = {
  play: 'Play',
  pause: 'Pause',
  back5: 'Back 5 seconds',
  forward5: 'Forward 5 seconds',
  speed: 'Speed',
  timeLabel: 'Position',
  keysTitle: 'Keys',
  keys: [
    ['Space', 'play or pause (when not typing)'],
    ['← / →', 'back or forward 5 seconds'],
    ['Enter', 'save a paragraph you are editing'],
    ['Escape', 'cancel editing'],
    ['Ctrl+H', 'find and replace (in the transcript)'],
    ['/', 'search (in the library)'],
  ] as const,
  backToPlaying: 'Back to playing',
  readingLabel: 'Transcript text',
  playFrom: (time: string) => `Play from ${time}`,
  edit: COMMON_TEXTS.edit,
  editParagraph: (time: string) => `Edit the paragraph at ${time}`,
  editLabel: 'Corrected text',
  editHint: 'Enter saves, Shift+Enter starts a new line, Escape cancels. The recording keeps playing.',
  pauseWhileTyping: 'Pause while I type',
  saving: 'Saving…',
  undo: 'Undo last correction',
  cancel: COMMON_TEXTS.cancel,
  save: COMMON_TEXTS.save,
  /** Issue 28: words corrected in place, the speaker menu. */
  wordsOf: (time: string, speaker?: string) => `Words of the paragraph at ${time}${speaker ? `, ${speaker}` : ''}`,
  wordsHint: 'Click a word or select words to correct them; with the keyboard, arrows move between words, Shift+arrow selects, Enter corrects.',
  correctWords: (words: string) => `Correct “${words}”`,
  wordEditHint: 'Enter saves, Escape cancels.',
  listen: 'Listen',
  listenTo: (words: string) => `Listen to “${words}”`,
  speakerMenu: (speaker: string, time: string) => `${speaker}: rename, or change the speaker of the paragraph at ${time}`,
  renameSpeaker: (speaker: string) => `Rename ${speaker} everywhere…`,
  giveTo: (speaker: string) => `This paragraph: ${speaker}`,
  giveToLabel: (speaker: string) => `This paragraph: ${speaker} (give it to ${speaker})`,
  giveToNew: 'This paragraph: a new speaker…',
  newSpeakerName: 'New speaker’s name',
  speakerRename: (speaker: string) => `New name for ${speaker} everywhere`,
} as const;

/** Issue 28: find and replace across the transcript. */
export const FIND_TEXTS = {
  open: 'Find and replace',
  shortcut: 'Ctrl+H',
  region: 'Find and replace',
  find: 'Find',
  replaceWith: 'Replace with',
  matchCase: 'Match case',
  none: 'No matches',
  count: (current: number, total: number, more: boolean) => `${current} of ${total.toLocaleString('en-US')}${more ? '+' : ''} ${total === 1 ? 'match' : 'matches'}`,
  previous: 'Previous match',
  next: 'Next match',
  replace: 'Replace',
  replaceAll: 'Replace all',
  replaced: (count: number) => `Replaced ${count.toLocaleString('en-US')} ${count === 1 ? 'match' : 'matches'}.`,
  undo: 'Undo replace',
  close: 'Close find and replace',
} as const;

/** Issue 30: the Ask panel (the transcript page's toolbar, the library). */
export const ASK_TEXTS = {
  ask: 'Ask',
  title: 'Ask your recordings',
  questionLabel: 'Your question',
  placeholderOne: 'Ask about this recording',
  placeholderAll: 'Ask about all your recordings',
  asking: 'Looking for the answer',
  passagesOnly: 'Showing the passages that best match your question.',
  noPassages: 'No passage matches your question. Try other words.',
  citationsLabel: 'Passages',
  at: (clock: string) => `at ${clock}`,
  /** A citation number in a written answer: the link's name (the number alone says little to a screen reader). */
  citedAt: (number: number, clock: string) => `Passage ${number}, at ${clock}`,
  failed: 'The question could not be answered. Please try again.',
} as const;
