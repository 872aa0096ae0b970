/**
 * A read-only link to one transcript (issue 15): keyed by the SHA-256 of its token (the token itself is
 * never stored), listed per transcript on byUser, and so removed with the account. `expiresAt` is the
 * table's TTL attribute; absent, the link does not expire (expiry is checked in code too).
 */
import { Entity } from 'electrodb';
import { model, ownKeyUnderUser, required } from './table';

export const ShareLink = new Entity({
  model: model('shareLink'),
  attributes: {
    ...required('string', 'linkId', 'userId', 'transcriptId'),
    includeAudio: { type: 'boolean', required: true },
    /** ISO 8601; set at creation. */
    createdAt: { type: 'string', required: true },
    expiresAt: { type: 'number' },
  },
  indexes: ownKeyUnderUser(['linkId'], ['transcriptId', 'linkId']),
});
