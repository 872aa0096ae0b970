/** Server-side sessions: keyed by the SHA-256 of the cookie token, so a table leak yields no usable cookie. */
import { Entity } from 'electrodb';
import { documentClient } from '../lib/aws-clients';
import { getConfig } from '../lib/config';
import { once } from '../lib/lazy';
import { TABLE_SCHEMA } from './table-schema';

const { byUser } = TABLE_SCHEMA.indexes;

export const sessionEntity = once(() =>
  new Entity(
    {
      model: { entity: 'session', version: '1', service: 'app' },
      attributes: {
        tokenHash: { type: 'string', required: true },
        userId: { type: 'string', required: true },
        email: { type: 'string', required: true },
        firstLogin: { type: 'boolean', default: false },
        createdAt: { type: 'number', required: true },
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        primary: {
          pk: { field: TABLE_SCHEMA.partitionKey, composite: ['tokenHash'] },
          sk: { field: TABLE_SCHEMA.sortKey, composite: [] },
        },
        byUser: {
          index: byUser.name,
          pk: { field: byUser.partitionKey, composite: ['userId'] },
          sk: { field: byUser.sortKey, composite: ['tokenHash'] },
        },
      },
    },
    { client: documentClient(), table: getConfig().TABLE_NAME },
  ),
);
