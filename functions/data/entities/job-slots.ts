/**
 * A user's speech-job slots (functions/domain/job-slots.ts): the jobs holding one and those waiting, each
 * with a lease. One item per user, changed only by a write conditional on `version` (no lost update).
 */
import { Entity } from 'electrodb';
import { model, required, underUser } from './table';

export const JobSlots = new Entity({
  model: model('jobSlots'),
  attributes: {
    userId: { type: 'string', required: true },
    holders: { type: 'list', items: { type: 'map', properties: { job: { type: 'string', required: true }, until: { type: 'number', required: true } } }, default: [] },
    waiting: { type: 'list', items: { type: 'map', properties: { job: { type: 'string', required: true }, until: { type: 'number', required: true }, since: { type: 'number', required: true } } }, default: [] },
    ...required('number', 'version', 'expiresAt'),
  },
  indexes: underUser([]),
});
