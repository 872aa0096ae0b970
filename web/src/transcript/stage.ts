/**
 * Issue 15: an unfinished transcription in words and as one bar. The server says the stage and, when
 * its engine knows them, the share done and the place in line (functions/domain/job-progress.ts); the
 * bar spans the whole job, the recognition being most of it. Pure; unit-tested.
 */
import type { JobProgressView } from '@contract';
import { PROGRESS_TEXTS } from './texts';

const P = PROGRESS_TEXTS;

/** A transcription's stage, or (issue 31) a text job's: 'summarizing' as a transcription's last stage, or 'translating'. */
export type StageOf = Omit<Partial<JobProgressView>, 'stage'> & { stage?: JobProgressView['stage'] | 'translating' };

export function stageText({ stage, progress, queue_position: position }: StageOf): string {
  switch (stage) {
    case 'queued':
      if (!position) return P.queued;
      return position === 1 ? P.queuedNext : P.queuedBehind(position - 1);
    case 'transcribing':
      return progress ? P.transcribingShare(Math.floor(progress * 100)) : P.transcribing;
    case 'summarizing':
      return P.summarizing;
    case 'translating':
      return P.translating;
    default:
      return P.uploaded;
  }
}

/** Where each stage sits on the bar (0-1): recognition fills most of it, in step with its own progress. */
const SPAN = { uploaded: [0.02, 0.05], queued: [0.05, 0.1], transcribing: [0.1, 0.9], summarizing: [0.92, 0.97], translating: [0.5, 0.5] } as const;

export function overallProgress({ stage, progress }: StageOf): number {
  const [from, to] = SPAN[stage ?? 'uploaded'];
  return stage === 'transcribing' && progress ? from + (to - from) * Math.min(1, progress) : from;
}
