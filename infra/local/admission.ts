/**
 * The local admission starter (issue 31 point 1): a pass when a workflow run ends, as the Step Functions status rule
 * calls it in AWS, and a sweep at start (jobs left waiting by a stopped app start now) and every minute, as the
 * stack's schedule does. Stopped before the workflow runner and the emulators it reaches: stopping ends the timer,
 * refuses new passes and waits for those running, so none fails on a stopped emulator (the next start's sweep admits
 * what waits).
 */
import { logger } from '../../functions/platform/logger';
import type { AdmissionEvent } from '../../functions/workflow/admission';
import type { LambdaFunction } from './lambda-endpoint';

/** How often the admission sweep runs, as the stack's schedule does in AWS. */
export const ADMISSION_SWEEP_MS = 60_000;

const admissionFailed = (error: unknown) => logger.warn('An admission pass failed; the next one starts what waits', { error: error as Error });

export interface LocalAdmission {
  /** A run ended: its place goes to the next in line. */
  ended(name: string): void;
  /** The sweep now and every minute. */
  startSweeps(): void;
  /** No pass starts after this, and it ends when the passes running have ended. */
  stop(): Promise<void>;
}

export function localAdmission(admission: LambdaFunction): LocalAdmission {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const running = new Set<Promise<void>>();
  const pass = (event: AdmissionEvent) => {
    if (stopped) return;
    const done: Promise<void> = admission(event)
      .then(() => undefined, admissionFailed)
      .finally(() => running.delete(done));
    running.add(done);
  };
  return {
    ended: (name) => pass({ kind: 'ended', name }),
    startSweeps: () => {
      pass({ kind: 'sweep' });
      timer = setInterval(() => pass({ kind: 'sweep' }), ADMISSION_SWEEP_MS);
      timer.unref();
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await Promise.all(running);
    },
  };
}
