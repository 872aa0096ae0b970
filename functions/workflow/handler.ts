/**
 * The workflow's Lambda: one function, one step per state (the ASL passes `step`), plus the
 * EventBridge event of a finished Amazon Transcribe job. The local runner calls the same handler
 * for each overridden Task state.
 */
import { SendTaskFailureCommand, SendTaskSuccessCommand } from '@aws-sdk/client-sfn';
import type { Context } from 'aws-lambda';
import { z } from 'zod';
import { deletePendingJob, findPendingJob, putPendingJob } from '../data/pending-jobs';
import { worthRecording, type StoredProgress } from '../domain/job-progress';
import { AUTO_LANGUAGE, languageOfTranscribeCode } from '../domain/languages';
import { parseTranscript } from '../domain/parse-transcript';
import { isTranscribeLanguageMismatch } from '../domain/language-check';
import { identifiedLanguageCode, parseTranscribeJson, transcribeConfidence } from '../domain/transcribe-json';
import { needsPlayableCopy } from '../domain/speech-audio';
import { previewOf } from '../domain/transcript-view';
import { readableFailureReason, USER_FACING_ERROR } from '../domain/workflow-failure';
import { sfnClient } from '../platform/aws-clients';
import { runAsFunction } from '../platform/call-scope';
import { getConfig, setting } from '../platform/config';
import { speechEngine, summaryEngine } from '../engines/wiring';
import { hashedUser, logger, runLogged } from '../platform/logger';
import { SlotsBusyError } from '../data/job-slots';
import { inspectStoredMedia } from '../services/media/inspection';
import type { InspectedMedia } from '../domain/media-inspection';
import { deleteObject, getJson, putJson, speechAudioKey, transcribeOutputKey } from '../storage/media-store';
import { measuredInMediaFunction, speechReadyInMediaFunction, type SpeechReadyMedia, type StoredMedia } from '../services/media/media-function';
import { recordJob } from '../platform/metrics';
import { backfillVectorsStep, completeJob, failJob, findJobTranscript, holdForJob, indexJobTranscript, readJobBody, recordAudioLength, recordEventLost, recordFound, recordHeard, recordStage, releaseHold, settleHold, storeBody, type JobTranscript } from '../services/transcripts/jobs';
import { audioMsOf, freeSlot, keepSlot, quotaOn, takeSlot } from '../services/usage';
import { ServiceError } from '../services/service-error';
import { TEXT_JOB_STEPS } from './text-jobs';
import { JOB_STATE_CHANGE_STEP } from './transcribe-events';

/** A failure the user should read as is (no retry helps). */
export class MediaError extends Error {
  override name = USER_FACING_ERROR;
}

/** Besides the state, a waiting step gets the task token that resumes it (AWS; the local runner has none). */
interface StepContext {
  taskToken?: string | undefined;
}

/** `attempt`: the run's number, from the retry route (absent on the first run). */
const Job = z.object({ userId: z.string().min(1), transcriptId: z.string().min(1), attempt: z.number().int().min(1).optional() });
const Prepared = z.object({
  mediaKey: z.string(),
  mediaExtension: z.string(),
  language: z.string(),
  diarization: z.boolean(),
  /** The user's count of speakers; 0: the engine finds out (a state's ResultSelector needs every field present). */
  speakerCount: z.number().int().default(0),
  verbatim: z.boolean(),
  includeTimestamps: z.boolean(),
  useAiSummary: z.boolean(),
  jobName: z.string(),
  outputKey: z.string(),
  waitSeconds: z.number().int().min(1),
});
type PreparedMedia = z.infer<typeof Prepared>;
const WithPrepared = Job.extend({ prepared: Prepared });
/** How long a pending Transcribe job's token is kept (Transcribe's own limit is 4 hours of audio). */
const PENDING_JOB_SECONDS = 24 * 60 * 60;
/**
 * The longest one wait for the end event: a job whose event was lost is found within this, however long its
 * recording (issue 31 point 3). A 4-hour job checks about 16 times: a step run and 3 transitions each.
 */
export const MAX_EVENT_WAIT_SECONDS = 15 * 60;

/**
 * How long StartTranscription waits for the job's end event (EventBridge delivers on a best-effort basis):
 * then the job is checked and, still running, waited for again. Speech services take well under the
 * recording's length: ten minutes plus that length, or, when the file's start does not tell it, half the
 * length at 8 kbit/s (the lowest bitrate in common use), which the size bounds from above; at most
 * MAX_EVENT_WAIT_SECONDS.
 */
export function eventWaitSeconds(media: Pick<InspectedMedia, 'size' | 'durationSeconds'>, configured: number | undefined): number {
  const audioSeconds = media.durationSeconds ?? media.size / 2000;
  return Math.min(MAX_EVENT_WAIT_SECONDS, configured ?? Math.ceil(10 * 60 + audioSeconds));
}

/**
 * After a write: if the transcript is gone (deleted with its account while the job ran), what this job
 * wrote goes too and the job stops. Account deletion removes the items before the objects, so either
 * this check sees the item gone or the deletion comes after the write and removes it.
 */
async function keepOnlyIfOwned(userId: string, transcriptId: string, written: string[]): Promise<void> {
  if (await findJobTranscript(userId, transcriptId)) return;
  await Promise.all(written.map((key) => deleteObject(key)));
  throw new MediaError('The transcript no longer exists.');
}

/** A retried run gets its own speech job: the failed one's name is taken (Transcribe keeps ended jobs). */
const jobNameOf = (transcriptId: string, attempt: number | undefined): string => `${getConfig().TRANSCRIBE_JOB_PREFIX}${transcriptId}${attempt ? `-${attempt}` : ''}`;

/** The speech service's record of the job goes too; a failure to remove it is logged, never a failed job. */
async function forgetJob(transcriptId: string, attempt: number | undefined): Promise<void> {
  await speechEngine()
    .forget?.(jobNameOf(transcriptId, attempt))
    .catch((error: Error) => logger.warn('The speech job record was not removed', { transcriptId, error: error.message }));
}

/**
 * Records where the job stands on its item (issue 15), in order, progress alone at most every couple of
 * seconds. A failed write is logged, never a failed job; a deleted item is not written (patch checks it exists).
 */
function stageRecorder(userId: string, transcriptId: string) {
  let last: (StoredProgress & { at: number }) | undefined;
  let writes = Promise.resolve();
  return {
    record(next: StoredProgress): void {
      const now = Date.now();
      if (!worthRecording(last, next, now)) return;
      last = { ...next, at: now };
      writes = writes
        .then(() => recordStage(userId, transcriptId, next))
        .catch((error: Error) => logger.warn('The stage of a job was not recorded', { transcriptId, error: error.message }));
    },
    /** Resolves once every recorded stage is written (before the next step may write its own). */
    written: () => writes,
  };
}

/**
 * The recording as the speech service reads it (issue 13 point 5): Transcribe reads eight containers and at
 * most two channels, the app takes more, so the user sees no difference between deployments. ffmpeg runs in the
 * media function, which reaches only this upload and its output (issue 25 point 7). An engine that decodes
 * anything (local) takes the upload as is. With `playableType`, a browser recording is replaced by its copy that
 * states its length first (in both deployments) and that length is answered.
 */
async function speechMedia(upload: StoredMedia, userId: string, transcriptId: string, playableType: string | undefined): Promise<SpeechReadyMedia> {
  const readable = speechEngine().reads;
  const convertedKey = speechAudioKey(userId, transcriptId);
  if (!readable) return { ...upload, durationSeconds: playableType ? await measuredInMediaFunction(upload, convertedKey, playableType) : null };
  const ready = await speechReadyInMediaFunction(upload, convertedKey, readable, playableType);
  if (ready.key !== upload.key) await keepOnlyIfOwned(userId, transcriptId, [ready.key]);
  return ready;
}

/** What a job leaves in storage besides the transcript body: the engine's JSON and the converted recording (issue 16: nothing left behind). */
const engineLeftovers = (userId: string, transcriptId: string): string[] => [transcribeOutputKey(userId, transcriptId), speechAudioKey(userId, transcriptId)];

/**
 * With a quota on, a recording whose length neither its start nor the speech service's conversion told (Ogg,
 * WebM, read by an engine that decodes anything) is measured by ffmpeg in the media function now: its length is
 * reserved before recognition.
 */
async function lengthForQuota(upload: StoredMedia, userId: string, transcriptId: string): Promise<number | null> {
  return quotaOn() ? measuredInMediaFunction(upload, speechAudioKey(userId, transcriptId)) : null;
}

/** Reserves the job's length in the month's quota if the API could not (issue 25); too long for what is left fails the job with that text. */
async function holdQuota(item: JobTranscript, seconds: number): Promise<void> {
  try {
    await holdForJob(item, seconds);
  } catch (error) {
    if (error instanceof ServiceError && error.reason === 'too-many') throw new MediaError(error.message);
    throw error;
  }
}

/** Checks the recording (the one media inspection: there, size, real type, duration) and gathers what the next steps need. */
async function prepareMedia(input: unknown): Promise<PreparedMedia> {
  const { userId, transcriptId, attempt } = Job.parse(input);
  const item = await findJobTranscript(userId, transcriptId);
  if (!item) throw new MediaError('The transcript no longer exists.');
  const media = await inspectStoredMedia(item.mediaKey);
  const upload = { key: item.mediaKey, extension: media.type.extension };
  // A browser recording is first replaced by a copy that states its length, so every player shows and seeks it (issue 28 point 5).
  const playableType = needsPlayableCopy(media.type.extension, media.durationSeconds) ? media.type.mime : undefined;
  const speech = await speechMedia(upload, userId, transcriptId, playableType);
  // Counted while the job runs (usage, the quota): the length ffmpeg read, else the file's start told; ffmpeg is
  // asked only when speechMedia did not already run it (an engine that reads anything).
  const seconds = speech.durationSeconds ?? media.durationSeconds ?? (speechEngine().reads ? null : await lengthForQuota(upload, userId, transcriptId));
  if (seconds !== null) {
    await recordAudioLength(userId, transcriptId, seconds);
    await holdQuota(item, seconds);
  }
  return {
    mediaKey: speech.key,
    mediaExtension: speech.extension,
    language: item.language,
    diarization: item.diarization ?? false,
    speakerCount: item.speakerCount ?? 0,
    verbatim: item.verbatim ?? false,
    includeTimestamps: item.includeTimestamps ?? false,
    useAiSummary: item.useAiSummary ?? true,
    // Transcribe job names are unique per account and region: the transcript id makes a retry the same job.
    jobName: jobNameOf(transcriptId, attempt),
    outputKey: transcribeOutputKey(userId, transcriptId),
    waitSeconds: eventWaitSeconds(media, getConfig().TRANSCRIBE_EVENT_WAIT_SECONDS),
  };
}

/**
 * Takes one of the user's speech-job slots (issue 16: at most JOBS_PER_USER of one user's jobs in the speech
 * service at once). None free: the job shows 'queued' with its place in the user's line, and the state
 * machine waits `waitSeconds` and asks again. A transcript deleted meanwhile ends the run.
 */
async function acquireSlot(input: unknown): Promise<{ acquired: boolean; waitSeconds: number }> {
  const { userId, transcriptId, prepared } = WithPrepared.parse(input);
  const item = await findJobTranscript(userId, transcriptId);
  if (!item) throw new MediaError('The transcript no longer exists.');
  const claim = await takeSlot(userId, prepared.jobName, prepared.waitSeconds).catch((error: unknown) => {
    // Too many of the user's jobs asked at once: this one asks again after the usual wait.
    if (error instanceof SlotsBusyError) return null;
    throw error;
  });
  if (!claim) return { acquired: false, waitSeconds: getConfig().JOB_SLOT_WAIT_SECONDS };
  const { acquired, position } = claim;
  if (!acquired && (item.stage !== 'queued' || item.queuePosition !== position)) {
    const stages = stageRecorder(userId, transcriptId);
    stages.record({ stage: 'queued', queuePosition: position });
    await stages.written();
  }
  return { acquired, waitSeconds: getConfig().JOB_SLOT_WAIT_SECONDS };
}

/** `eventWait`: set when the wait for the job's end event ran out and the start runs again. */
const StartInput = WithPrepared.extend({ eventWait: z.unknown().optional() });

/**
 * Starts speech recognition, then the execution waits for its task token (stored by job name, before the
 * job starts: its end may be reported first). AWS: Transcribe's job-state event resumes it. Local: the
 * engine finishes here, and the step reports the end itself the same way. A start retried after the wait
 * timed out finds its job: still running, it waits again; ended, it reports the end now.
 */
async function startTranscription(input: unknown, { taskToken }: StepContext): Promise<void> {
  const { userId, transcriptId, prepared, eventWait } = StartInput.parse(input);
  if (!taskToken) throw new Error('StartTranscription runs as a waitForTaskToken task: no task token was given.');
  // The job still runs: its slot's lease is renewed for the next wait.
  if (eventWait !== undefined) await keepSlot(userId, prepared.jobName, prepared.waitSeconds);
  const expiresAt = Math.floor(Date.now() / 1000) + PENDING_JOB_SECONDS;
  await putPendingJob({ jobName: prepared.jobName, taskToken, userId, transcriptId, outputKey: prepared.outputKey, expiresAt });
  const bucket = setting('UPLOADS_BUCKET');
  const stages = stageRecorder(userId, transcriptId);
  const started = await speechEngine().start({
    jobName: prepared.jobName,
    media: { bucket, key: prepared.mediaKey },
    owner: userId,
    mediaExtension: prepared.mediaExtension,
    language: prepared.language,
    diarization: prepared.diarization,
    ...(prepared.speakerCount ? { speakers: prepared.speakerCount } : {}),
    output: { bucket, key: prepared.outputKey },
    onProgress: (update) => stages.record(update),
  });
  // A service that tells nothing while it works is transcribing from now on.
  if (started.status === 'started') stages.record({ stage: 'transcribing' });
  await stages.written();
  if (started.status === 'completed') {
    await putJson(prepared.outputKey, started.transcript);
    await keepOnlyIfOwned(userId, transcriptId, [prepared.outputKey]);
    // What the engine decoded is the length it worked on, whatever the file's start said; the quota holds that too.
    // And the language it heard (with 'auto', the one it found), and whether it doubts the speech is in it.
    await recordHeard(userId, transcriptId, { seconds: started.audioSeconds, language: started.language, languageMismatch: started.languageMismatch });
    if (quotaOn()) {
      const item = await findJobTranscript(userId, transcriptId);
      if (item) await settleHold(item, started.audioSeconds);
    }
    await jobEnded({ TranscriptionJobName: prepared.jobName, TranscriptionJobStatus: 'COMPLETED' });
  } else if (started.status === 'ended') {
    // The wait ran out and the job had ended: its end event was lost (the smoke test fails on this, issue 31).
    await recordEventLost(userId, transcriptId).catch((error: Error) => logger.warn('A lost end event was not recorded', { transcriptId, error: error.message }));
    await jobEnded({ TranscriptionJobName: prepared.jobName, TranscriptionJobStatus: started.outcome, FailureReason: started.failureReason });
  }
}

/** The `detail` of EventBridge's "Transcribe Job State Change" event (events/eventbridge/). */
const JobStateChange = z.object({
  TranscriptionJobName: z.string(),
  TranscriptionJobStatus: z.enum(['COMPLETED', 'FAILED', 'IN_PROGRESS', 'QUEUED']),
  FailureReason: z.string().optional(),
});

/** EventBridge: a Transcribe job changed state; an ended one resumes the execution waiting for it. */
async function transcriptionJobStateChange(input: unknown): Promise<void> {
  await jobEnded(JobStateChange.parse(input));
}

async function jobEnded(detail: z.infer<typeof JobStateChange>): Promise<void> {
  if (detail.TranscriptionJobStatus !== 'COMPLETED' && detail.TranscriptionJobStatus !== 'FAILED') return;
  const pending = await findPendingJob(detail.TranscriptionJobName);
  if (!pending) {
    logger.warn('No workflow waits for this speech job', { jobName: detail.TranscriptionJobName });
    return;
  }
  if (detail.TranscriptionJobStatus === 'COMPLETED') {
    await sfnClient().send(new SendTaskSuccessCommand({ taskToken: pending.taskToken, output: JSON.stringify({ outputKey: pending.outputKey }) }));
  } else {
    const cause = `The speech could not be recognised: ${detail.FailureReason ?? 'no reason was given.'}`;
    await sfnClient().send(new SendTaskFailureCommand({ taskToken: pending.taskToken, error: USER_FACING_ERROR, cause }));
  }
  await deletePendingJob(detail.TranscriptionJobName);
}

const WithOutput = WithPrepared.extend({ transcription: z.object({ outputKey: z.string() }) });

/** Engine JSON → text and word timings (the body, stored in S3; the item keeps a preview). */
async function parse(input: unknown): Promise<{ bodyKey: string; preview: string }> {
  const { userId, transcriptId, prepared, transcription } = WithOutput.parse(input);
  // The speech job is over: the user's next job may start.
  await freeSlot(userId, prepared.jobName);
  const json = await getJson(transcription.outputKey);
  const parsed = parseTranscript(json, prepared);
  // With 'auto', Transcribe names the language it identified in its result; its confidences say whether it doubts
  // the speech is in the language it wrote (the local engine stored both already, and writes no confidences).
  const identified = prepared.language === AUTO_LANGUAGE ? languageOfTranscribeCode(identifiedLanguageCode(json)) : undefined;
  const confidence = transcribeConfidence(parseTranscribeJson(json));
  if (identified || confidence) await recordFound(userId, transcriptId, { language: identified?.code, languageMismatch: confidence && isTranscribeLanguageMismatch(confidence) });
  const key = await storeBody(userId, transcriptId, parsed);
  await keepOnlyIfOwned(userId, transcriptId, [transcription.outputKey, key]);
  return { bodyKey: key, preview: previewOf(parsed.text) };
}

const WithBody = Job.extend({ parsed: z.object({ bodyKey: z.string(), preview: z.string() }) });

async function summarize(input: unknown): Promise<{ topic: string; summary: string }> {
  const { userId, transcriptId, parsed } = WithBody.parse(input);
  const stages = stageRecorder(userId, transcriptId);
  stages.record({ stage: 'summarizing' });
  await stages.written();
  const { text } = z.object({ text: z.string() }).parse(await readJobBody(parsed.bodyKey));
  // No speech: no topic or summary made up from nothing (the app says "No speech was found").
  if (!text.trim()) return { topic: '', summary: '' };
  const { topic, summary } = await summaryEngine().summarize(text);
  return { topic, summary: summary.join('\n') };
}

const Completed = WithBody.extend({
  summarized: z.object({ topic: z.string(), summary: z.string() }).optional(),
  /** Set by the state machine's Catch when Summarize failed after its retries. */
  summaryFailure: z.unknown().optional(),
});

async function complete(input: unknown): Promise<void> {
  const { userId, transcriptId, attempt, parsed, summarized, summaryFailure } = Completed.parse(input);
  const body = await readJobBody(parsed.bodyKey);
  try {
    await completeJob(userId, transcriptId, { ...parsed, ...summarized, summaryLeftOut: summaryFailure !== undefined }, body);
  } catch (error) {
    await keepOnlyIfOwned(userId, transcriptId, [parsed.bodyKey, ...engineLeftovers(userId, transcriptId)]);
    throw error;
  }
  // The engine's own JSON and the converted recording were only the way to the body: nothing is left behind (issue 16).
  await Promise.all(engineLeftovers(userId, transcriptId).map((key) => deleteObject(key)));
  await forgetJob(transcriptId, attempt);
  const item = await findJobTranscript(userId, transcriptId);
  recordJob('completed', item ? audioMsOf(item) / 1000 : 0);
  if (item && body) await indexJobTranscript(item, body);
}

const MarkFailedInput = Job.extend({
  failure: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
  /** StartTranscription's result: present when the speech service finished (and billed the recording) before the failure. */
  transcription: z.unknown().optional(),
});

async function markFailed(input: unknown): Promise<{ reason: string }> {
  const { userId, transcriptId, attempt, failure, transcription } = MarkFailedInput.parse(input);
  const recognised = transcription !== undefined;
  const reason = readableFailureReason(failure);
  // Whichever step failed, the run's slot or place in line goes (none held: nothing changes).
  await freeSlot(userId, jobNameOf(transcriptId, attempt));
  logger.warn('Transcription failed', { transcriptId, reason, error: failure?.Error, cause: failure?.Cause });
  const item = await findJobTranscript(userId, transcriptId);
  // Tried again since this run started (it was reported failed after hours): the newer run owns the transcript and its files.
  if (item && (item.attempt ?? 0) !== (attempt ?? 0)) {
    await forgetJob(transcriptId, attempt);
    return { reason };
  }
  // The transcript may be gone (account deleted meanwhile): nothing to mark then. Its audio counts only if the speech
  // service got through it, which was billed whatever failed after (a malformed result, a write); a job refused, or
  // failed by the service, recognised nothing and takes nothing of the user's allowance.
  if (item) await failJob(userId, transcriptId, reason, recognised);
  // Nor of its quota: the reservation goes back (issue 25). Deleting a transcript later gives nothing back.
  if (item && !recognised) await releaseHold(item);
  // Whatever the engine wrote before the failure goes too (deleting a key that isn't there is no error).
  await Promise.all(engineLeftovers(userId, transcriptId).map((key) => deleteObject(key)));
  await forgetJob(transcriptId, attempt);
  recordJob('failed', recognised && item ? audioMsOf(item) / 1000 : undefined);
  return { reason };
}

const STEPS: Record<string, (input: unknown, context: StepContext) => Promise<unknown>> = {
  PrepareMedia: prepareMedia,
  AcquireSlot: acquireSlot,
  StartTranscription: startTranscription,
  [JOB_STATE_CHANGE_STEP]: transcriptionJobStateChange,
  ParseTranscript: parse,
  Summarize: summarize,
  Complete: complete,
  MarkFailed: markFailed,
  ...TEXT_JOB_STEPS,
  BackfillVectors: backfillVectorsStep,
};

const StepEvent = z.object({
  step: z.string().refine((step) => step in STEPS, 'Unknown workflow step'),
  input: z.unknown(),
  taskToken: z.string().optional(),
});

/** What the logs say of a step's job, where its input names one: its transcript joins the job's steps. */
const JobKeys = z.object({ userId: z.string(), transcriptId: z.string() }).partial();

export async function handler(event: unknown, context?: Context): Promise<unknown> {
  const { step, input, taskToken } = StepEvent.parse(event);
  const job = JobKeys.safeParse(input).data;
  const keys = { correlationId: job?.transcriptId, step, user: job?.userId && hashedUser(job.userId) };
  return runAsFunction('workflow', () => runLogged(context, keys, () => STEPS[step]!(input, { taskToken })));
}
