/** An Amazon Transcribe job the workflow waits for: the task token to resume, by job name. */
import { Entity } from 'electrodb';
import { model, ownKeyUnderUser, required } from './table';

export const PendingJob = new Entity({
  model: model('pendingJob'),
  attributes: { ...required('string', 'jobName', 'taskToken', 'userId', 'transcriptId', 'outputKey'), ...required('number', 'expiresAt') },
  indexes: ownKeyUnderUser(['jobName']),
});
