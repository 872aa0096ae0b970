/**
 * A live transcription session (issue 29): an address to the streaming service issued to the user, and the
 * time it counts once ended (`countedMs`; absent while it may still stream). Under the user: account deletion
 * removes it; the month's usage sums its sessions.
 */
import { Entity } from 'electrodb';
import { model, required, underUser } from './table';

export const LiveSession = new Entity({
  model: model('liveSession'),
  attributes: {
    ...required('string', 'userId', 'sessionId', 'language'),
    /** YYYY-MM (UTC) of the issue: the month it counts in. */
    month: { type: 'string', required: true },
    /** When the address was issued (epoch ms); `expiresAt` is the table's TTL, a month after its month ends. */
    ...required('number', 'startedAt', 'expiresAt'),
    countedMs: { type: 'number' },
  },
  indexes: underUser(['sessionId']),
});
