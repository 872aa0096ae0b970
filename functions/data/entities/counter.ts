/** Fixed-window counters for throttling (login failures, wrong codes); not user-owned. */
import { Entity } from 'electrodb';
import { model, primaryKey, required } from './table';

export const Counter = new Entity({
  model: model('counter'),
  attributes: {
    ...required('string', 'scope', 'key'),
    window: { type: 'number', required: true },
    count: { type: 'number', default: 0 },
    expiresAt: { type: 'number', required: true },
  },
  indexes: { primary: primaryKey(['scope', 'key'], ['window']) },
});
