/**
 * Account-wide admission (issue 31 point 1): a transcription's workflow starts only once it may run, so waiting
 * costs no execution time (Step Functions' 6-hour limit) and no transitions, and the speech service is never asked
 * for more jobs than TRANSCRIBE_CONCURRENCY (under Transcribe's quota: jobs over it would fail). A new run joins the
 * line (its own item) and the starter runs; the starter runs again when a run ends (AWS: Step Functions' status
 * event; locally: the runner) and on a schedule (the sweep), which also finds runs whose end was lost. Which jobs
 * start, and the places in line, are the domain's (functions/domain/admission.ts), which the bench drives too.
 */
import { DescribeExecutionCommand } from '@aws-sdk/client-sfn';
import { changeAdmitted, deleteQueuedJob, putQueuedJob, queuedJobs, type QueuedRun } from '../../data/admission';
import { findTranscript, updateTranscript } from '../../data/transcripts';
import { admit, linePositions, liveJobs, queueAge } from '../../domain/admission';
import { MESSAGES } from '../../domain/messages';
import { sfnClient } from '../../platform/aws-clients';
import { startExecution } from '../../platform/executions';
import { nowSeconds } from '../../platform/clock';
import { getConfig, setting } from '../../platform/config';
import { logger } from '../../platform/logger';
import { releaseHold } from './quota-holds';

/** An admitted run holds its place at most this long without its end being seen: the execution's 6-hour limit, and a margin. */
const RUN_LEASE_SECONDS = 6 * 60 * 60 + 15 * 60;
/** Each pass of the starter updates the shown place in line of this many waiting jobs at most (the rest keep theirs until nearer). */
const SHOWN_PLACES = 25;

export interface WorkflowRun {
  name: string;
  input: { userId: string; transcriptId: string; attempt?: number };
}

export interface AdmissionPass {
  started: string[];
  /** Runs whose workflow could not start: each failed with MESSAGES.workflowNotStarted. */
  refused: string[];
  waiting: number;
  /** The oldest wait for capacity, seconds (domain queueAge): the queue-age alarm's metric. */
  oldestWaitSeconds: number;
}

const executionArn = (name: string): string => `${setting('STATE_MACHINE_ARN').replace(':stateMachine:', ':execution:')}:${name}`;

/** A run whose workflow could not start fails at once with a reason the user can act on; its reservation goes back. */
async function failUnstarted({ user, transcriptId }: Pick<QueuedRun, 'user' | 'transcriptId'>): Promise<void> {
  await updateTranscript(user, transcriptId, { status: 'failed', error: MESSAGES.workflowNotStarted });
  const item = await findTranscript(user, transcriptId);
  if (item) await releaseHold(item);
}

/** Starts the run's execution (the name makes a repeat harmless); false when Step Functions refused it. */
async function startRun(run: QueuedRun): Promise<boolean> {
  try {
    await startExecution(setting('STATE_MACHINE_ARN'), run.job, run.input);
    return true;
  } catch (error) {
    logger.error('The workflow could not be started', { transcriptId: run.transcriptId, error: error as Error });
    return false;
  }
}

/** The waiting jobs nearest the front are told their place (the status shows 'queued' and it); a deleted transcript is skipped. */
async function showPlaces(waiting: QueuedRun[], places: Map<string, number>): Promise<void> {
  const front = waiting.filter((run) => (places.get(run.job) ?? Infinity) <= SHOWN_PLACES);
  await Promise.all(
    front.map((run) =>
      updateTranscript(run.user, run.transcriptId, { stage: 'queued', progress: 0, queuePosition: places.get(run.job)! }).catch((error: Error) =>
        logger.warn('The place in line of a waiting job was not recorded', { transcriptId: run.transcriptId, error: error.message }),
      ),
    ),
  );
}

/** One pass of the starter: admits what may run now (one conditional write), starts those, and tells the others their place. */
export async function admitWaiting(): Promise<AdmissionPass> {
  const queue = await queuedJobs();
  const { TRANSCRIBE_CONCURRENCY: capacity, JOBS_PER_USER: perUser } = getConfig();
  const { taken, running, now } = await changeAdmitted((current, now) => {
    const live = liveJobs(current, now);
    const chosen = admit(queue, live, now, { capacity, perUser });
    const admitted = [...live, ...chosen.map(({ job, user }) => ({ job, user, until: now + RUN_LEASE_SECONDS }))];
    return { running: admitted, result: { taken: chosen as QueuedRun[], running: admitted, now } };
  });
  const outcomes = await Promise.all(taken.map(async (run) => ({ run, started: await startRun(run) })));
  const refused = outcomes.filter((outcome) => !outcome.started).map((outcome) => outcome.run);
  if (refused.length > 0) await changeAdmitted((current) => ({ running: current.filter((entry) => !refused.some((run) => run.job === entry.job)), result: undefined }));
  await Promise.all(refused.map((run) => failUnstarted(run)));
  await Promise.all(taken.map((run) => deleteQueuedJob(run.job)));
  const waiting = queue.filter((run) => !taken.includes(run));
  await showPlaces(waiting, linePositions(waiting, running, now));
  return { started: outcomes.filter((outcome) => outcome.started).map((outcome) => outcome.run.job), refused: refused.map((run) => run.job), waiting: waiting.length, oldestWaitSeconds: queueAge(waiting, running, nowSeconds(), perUser) };
}

/**
 * A transcription's run joins the line, then the starter runs. False when its workflow could not start (it failed
 * with MESSAGES.workflowNotStarted); a failed pass leaves it in line for the next one.
 */
export async function queueRun(run: WorkflowRun): Promise<boolean> {
  const { userId, transcriptId } = run.input;
  try {
    await putQueuedJob({ job: run.name, user: userId, since: nowSeconds(), transcriptId, input: JSON.stringify(run.input) });
  } catch (error) {
    logger.error('The job could not join the line', { transcriptId, error: error as Error });
    await failUnstarted({ user: userId, transcriptId });
    return false;
  }
  const pass = await admitWaiting().catch((error: Error) => {
    logger.error('The admission pass after a new job failed; the next pass starts it', { transcriptId, error });
    return undefined;
  });
  return !pass?.refused.includes(run.name);
}

/** A run ended (whatever its outcome): its place goes to the next in line. Again: nothing changes. */
export async function runEnded(name: string): Promise<AdmissionPass> {
  await changeAdmitted((current) => ({ running: current.filter((entry) => entry.job !== name), result: undefined }));
  return admitWaiting();
}

/** Whether an admitted run's execution still runs (false: ended, or never started). */
async function stillRunning(name: string): Promise<boolean> {
  try {
    const { status } = await sfnClient().send(new DescribeExecutionCommand({ executionArn: executionArn(name) }));
    return status === 'RUNNING' || status === 'PENDING_REDRIVE';
  } catch (error) {
    if ((error as Error).name === 'ExecutionDoesNotExist') return false;
    throw error;
  }
}

/** The scheduled sweep: runs whose end event was lost give their place back, then the starter runs. */
export async function sweepAdmission(): Promise<AdmissionPass> {
  // A run admitted in the last minute may not have started yet: it is not taken for ended.
  const settled = await changeAdmitted((current, now) => ({ running: current, result: liveJobs(current, now).filter((entry) => entry.until - RUN_LEASE_SECONDS < now - 60) }));
  const states = await Promise.all(settled.map(async (entry) => ({ job: entry.job, running: await stillRunning(entry.job) })));
  const ended = new Set(states.filter((state) => !state.running).map((state) => state.job));
  if (ended.size > 0) await changeAdmitted((current, now) => ({ running: liveJobs(current, now).filter((entry) => !ended.has(entry.job)), result: undefined }));
  return admitWaiting();
}
