/**
 * The Transcribe tab's texts: the form, the recorder and the upload queue. Shared words are in
 * `@web/config/texts`; like it, this module has no browser or React imports (tests read it).
 */

import { MESSAGES } from '@domain/messages';

/** The Transcribe tab (docs/product.md#screens-and-routes, 4): our own wording; the product's texts for a transcript stay in TRANSCRIPTS_TEXTS (`@web/transcript/texts`). */
export const TRANSCRIBE_TEXTS = {
  resumePrompt: 'Resume last unfinished transcription?',
  chooseFile: MESSAGES.chooseFile,
  transcribe: 'Transcribe',
  transcribeNetworkFailed: 'An error occurred while transcribing the file.',
  uploadTitle: 'Upload a recording',
  file: 'Audio or video file',
  fileHint: (limit: string) => `Choose an audio or video recording (MP3, WAV, M4A, MP4, MOV and more), up to ${limit}. You can pick or drop several at once; the options apply to all.`,
  optionsTitle: 'Options',
  language: 'Language',
  aiSummary: 'AI summary and topic',
  verbatim: 'Verbatim (keep filler words and repetitions)',
  diarization: 'Speaker identification',
  speakerCount: 'Speakers',
  speakerCountAuto: 'Auto',
  notAvailableHere: 'not available here yet',
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
  processingHint: 'This can take a few minutes. The page checks every 5 seconds; you may leave this tab and come back.',
  completed: 'Transcription complete.',
  resumeText: 'A transcription you started earlier had not finished when you left.',
  resumeConfirm: 'Resume',
  resumeDecline: 'Discard',
  scrollToTranscript: 'Go to transcript',
  resultTitle: 'Transcript',
  /** Issue 15, point 5: why the form can't be changed while a recording is being sent. */
  lockedWhileSending: 'These choices are locked while the recording is being sent. Cancel the upload to change them.',
  lockedWhileQueue: 'These choices are locked while the queued files are being sent; they apply to all of them.',
} as const;

/** Issue 15, point 1: recording in the browser. Our own wording. */
export const RECORDER_TEXTS = {
  record: 'Record',
  asking: 'Waiting for the microphone… Allow it in the browser’s prompt.',
  recordingLabel: 'Recording',
  paused: 'Paused',
  level: 'Microphone level',
  elapsed: 'Recorded time',
  pause: 'Pause',
  resume: 'Resume',
  stop: 'Stop',
  finishing: 'Finishing the recording…',
  keptNote: 'Kept in this browser as you record: if the page closes, it is offered again next time.',
  notKeptNote: 'This browser cannot keep the recording while you record: stop and upload it before you leave the page.',
  recorded: (name: string, duration: string, size: string) => `Recorded: ${name} · ${duration} · ${size}`,
  discard: 'Discard recording',
  chooseInstead: 'Choose a file instead',
  problems: {
    denied:
      'The microphone was refused for this site. To record, allow the microphone in the site settings (the icon beside the address bar), then press Try again. You can also choose a recorded file instead.',
    'no-microphone': 'No microphone was found. Connect one and press Try again, or choose a recorded file instead.',
    busy: 'The microphone is in use by another program or could not be started. Close the other program and press Try again, or choose a recorded file instead.',
    unsupported: 'This browser cannot record audio. Please choose a recorded file instead, or use a current version of Chrome, Edge, Firefox or Safari.',
    failed: 'The recording could not be started. Press Try again, or choose a recorded file instead.',
  },
  recoveredTitle: 'A recording was not uploaded',
  recoveredText: (name: string, duration: string, size: string, when: string) => `${name} (${duration}, ${size}), recorded ${when}, is still kept in this browser.`,
  recoveredLiveText: (text: string) => `Live text: ${text}`,
  recoveredUpload: 'Upload and transcribe',
  recoveredDiscard: 'Discard',
  recoveredDiscarded: 'The recording was discarded.',
  recoveredEmpty: 'That recording has no sound kept, so it was discarded.',
} as const;

/** Issue 15, point 2: several files at once. Our own wording. */
export const UPLOAD_QUEUE_TEXTS = {
  title: 'Files to transcribe',
  dropHere: 'Drop the files to add them to the queue',
  /** Under the file picker, which the browser shows empty once several files went to the queue. */
  inQueue: (count: number) => `${count} ${count === 1 ? 'file is' : 'files are'} in the queue below. Pick or drop more to add them.`,
  summary: (parts: { total: number; sending: number; processing: number; complete: number; failed: number; refused: number; ready: number }) =>
    [
      `${parts.total} ${parts.total === 1 ? 'file' : 'files'}`,
      parts.ready && `${parts.ready} ready`,
      parts.sending && `${parts.sending} being sent`,
      parts.processing && `${parts.processing} transcribing`,
      parts.complete && `${parts.complete} done`,
      parts.failed && `${parts.failed} not transcribed`,
      parts.refused && `${parts.refused} refused`,
    ]
      .filter(Boolean)
      .join(', ') + '.',
  checking: 'Checking the file…',
  ready: 'Ready: press Transcribe to send it.',
  waiting: 'Waiting for its turn…',
  uploading: (percent: number) => `Uploading: ${percent}%`,
  uploadProgress: (name: string) => `Upload of ${name}`,
  starting: 'Starting the transcription…',
  processing: 'Transcribing…',
  complete: 'Transcribed.',
  cancelled: 'Cancelled: not sent.',
  refusedPrefix: 'Will not be sent: ',
  unreadable: 'This file could not be read. Please pick it again.',
  cancelLabel: (name: string) => `Cancel ${name}`,
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name} from the list`,
  open: 'Open transcript',
  openLabel: (name: string) => `Open transcript of ${name}`,
  leaveWarning: 'Files are still being uploaded. Leaving now stops them.',
  /** Beside "Transcribe File" in the sidebar while the queue has work, on every signed-in page. */
  badge: (count: number) => `(${count} ${count === 1 ? 'file' : 'files'} in the queue)`,
} as const;
