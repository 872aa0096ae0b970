/**
 * The starter of waiting transcriptions (issue 31 point 1; functions/services/transcripts/admission.ts): run when a
 * workflow execution ends (Step Functions' status event, or the local runner), its place going to the next in line,
 * and on a schedule (the sweep), which also finds runs whose end was lost. Each pass writes the queue's age and
 * length as metrics: the operator's alarm reads the age.
 */
import type { Context } from 'aws-lambda';
import { z } from 'zod';
import { runAsFunction } from '../platform/call-scope';
import { runLogged } from '../platform/logger';
import { recordAdmission } from '../platform/metrics';
import { runEnded, sweepAdmission, type AdmissionPass } from '../services/transcripts/jobs';

/** `ended`: the rule's input template, `{kind, name: $.detail.name}`; `sweep`: the schedule's. */
const AdmissionEvent = z.discriminatedUnion('kind', [z.object({ kind: z.literal('ended'), name: z.string().min(1) }), z.object({ kind: z.literal('sweep') })]);
export type AdmissionEvent = z.infer<typeof AdmissionEvent>;

export async function handler(event: unknown, context?: Context): Promise<AdmissionPass> {
  const parsed = AdmissionEvent.parse(event);
  return runAsFunction('admission', () =>
    runLogged(context, { step: `admission-${parsed.kind}` }, async () => {
      const pass = parsed.kind === 'ended' ? await runEnded(parsed.name) : await sweepAdmission();
      recordAdmission(pass.waiting, pass.oldestWaitSeconds);
      return pass;
    }),
  );
}
