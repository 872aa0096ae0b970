/**
 * The audio one user's jobs hold of one calendar month's quota (UTC; issue 25): each job reserves its
 * recording's length here with one conditional add that never passes the quota, and a job that fails before
 * the speech service got through it gives its part back. Under the user: account deletion removes it.
 */
import { Entity } from 'electrodb';
import { model, required, underUser } from './table';

export const AudioMonth = new Entity({
  model: model('audioMonth'),
  attributes: {
    userId: { type: 'string', required: true },
    /** YYYY-MM (UTC). */
    month: { type: 'string', required: true },
    /** `expiresAt` is the table's TTL: gone a month after its own ends. */
    ...required('number', 'reservedMs', 'expiresAt'),
  },
  indexes: underUser(['month']),
});
