/**
 * Account-wide admission (functions/domain/admission.ts): each job waiting to start is an item of one
 * partition (`QueuedJob`), and the jobs admitted and not yet ended are one item (`AdmissionPool`), changed
 * only by a write conditional on its `version`, so two starters can't both take the last place.
 */
import { Entity } from 'electrodb';
import { model, primaryKey, required } from './table';

export const QueuedJob = new Entity({
  model: model('queuedJob'),
  attributes: {
    /** One partition for the whole line: the starter reads it in one query. */
    pool: { type: 'string', required: true },
    ...required('string', 'job', 'userId', 'transcriptId', 'input'),
    ...required('number', 'since'),
  },
  indexes: { primary: primaryKey(['pool'], ['job']) },
});

export const AdmissionPool = new Entity({
  model: model('admissionPool'),
  attributes: {
    pool: { type: 'string', required: true },
    running: { type: 'list', items: { type: 'map', properties: { job: { type: 'string', required: true }, user: { type: 'string', required: true }, until: { type: 'number', required: true } } }, default: [] },
    ...required('number', 'version'),
  },
  indexes: { primary: primaryKey(['pool']) },
});
