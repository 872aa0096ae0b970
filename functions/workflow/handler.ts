/**
 * The workflow's Lambda: one function, one step per state (the ASL passes `step`).
 * The local runner calls the same handler for each overridden Task state.
 */
import { HeadObjectCommand, NotFound } from '@aws-sdk/client-s3';
import { z } from 'zod';
import { s3Client } from '../lib/aws-clients';
import { setting } from '../lib/config';
import { logger } from '../lib/logger';
import { readableFailureReason, USER_FACING_ERROR } from '../domain/workflow-failure';

/** A failure the user should read as is (no retry helps). */
export class MediaError extends Error {
  override name = USER_FACING_ERROR;
}

const PrepareMediaInput = z.object({ key: z.string().min(1) });
const MarkFailedInput = z.object({
  failure: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
});

export interface PreparedMedia {
  key: string;
  size: number;
  contentType: string | undefined;
}

async function prepareMedia(input: unknown): Promise<PreparedMedia> {
  const { key } = PrepareMediaInput.parse(input);
  try {
    const head = await s3Client().send(new HeadObjectCommand({ Bucket: setting('UPLOADS_BUCKET'), Key: key }));
    if (!head.ContentLength) throw new MediaError('The uploaded file is empty.');
    return { key, size: head.ContentLength, contentType: head.ContentType };
  } catch (error) {
    if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound') {
      throw new MediaError('The uploaded file could not be found.');
    }
    throw error;
  }
}

async function markFailed(input: unknown): Promise<{ reason: string }> {
  const { failure } = MarkFailedInput.parse(input);
  const reason = readableFailureReason(failure);
  logger.warn('Workflow failed', { reason, error: failure?.Error, cause: failure?.Cause });
  return { reason };
}

const STEPS = { PrepareMedia: prepareMedia, MarkFailed: markFailed } as const;
export type StepName = keyof typeof STEPS;

const StepEvent = z.object({ step: z.enum(Object.keys(STEPS) as [StepName, ...StepName[]]), input: z.unknown() });

export async function handler(event: unknown): Promise<unknown> {
  const { step, input } = StepEvent.parse(event);
  return STEPS[step](input);
}
