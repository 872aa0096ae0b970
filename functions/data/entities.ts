/**
 * ElectroDB entities of the single table. Every user-owned entity has a `byUser` index in the
 * `userData` collection, keyed by the user id from the session: one query finds all of a user's
 * items (account deletion), and no request can name another user's partition.
 */
import { Entity } from 'electrodb';
import { TABLE_SCHEMA } from './table-schema';

const SERVICE = 'app';
const { partitionKey: pk, sortKey: sk } = TABLE_SCHEMA;
const gsi = TABLE_SCHEMA.indexes.byUser;

/** The user-owned index: all of one user's items, by kind. */
const byUser = (sortComposite: string[]) =>
  ({
    index: gsi.name,
    collection: 'userData',
    pk: { field: gsi.partitionKey, composite: ['userId'] },
    sk: { field: gsi.sortKey, composite: sortComposite },
  }) as const;

/** Server-side sessions: keyed by the SHA-256 of the cookie token, so a table leak yields no usable cookie. */
export const Session = new Entity({
  model: { entity: 'session', version: '1', service: SERVICE },
  attributes: {
    tokenHash: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    email: { type: 'string', required: true },
    firstLogin: { type: 'boolean', default: false },
    createdAt: { type: 'number', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    primary: { pk: { field: pk, composite: ['tokenHash'] }, sk: { field: sk, composite: [] } },
    byUser: byUser(['tokenHash']),
  },
});

/** The user's profile (SPEC.md section 3). `age` holds the date of birth. */
export const Profile = new Entity({
  model: { entity: 'profile', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true },
    email: { type: 'string', required: true },
    name: { type: 'string', default: '' },
    country: { type: 'string', default: '' },
    gender: { type: 'string', default: '' },
    customGender: { type: 'string', default: '' },
    age: { type: 'string', default: '' },
    ageChangeCount: { type: 'number', default: 0 },
    /** Set once the user has been in (welcome or dashboard): later sessions are not first logins. */
    welcomed: { type: 'boolean', default: false },
    createdAt: { type: 'number', required: true },
  },
  indexes: {
    primary: { pk: { field: pk, composite: ['userId'] }, sk: { field: sk, composite: [] } },
    byUser: byUser([]),
  },
});

/** A password-reset link's token: works once, until `expiresAt`. */
export const ResetToken = new Entity({
  model: { entity: 'resetToken', version: '1', service: SERVICE },
  attributes: {
    tokenId: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    email: { type: 'string', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    primary: { pk: { field: pk, composite: ['tokenId'] }, sk: { field: sk, composite: [] } },
    byUser: byUser(['tokenId']),
  },
});

/** Fixed-window counters for throttling (login failures, wrong codes); not user-owned. */
export const Counter = new Entity({
  model: { entity: 'counter', version: '1', service: SERVICE },
  attributes: {
    scope: { type: 'string', required: true },
    key: { type: 'string', required: true },
    window: { type: 'number', required: true },
    count: { type: 'number', default: 0 },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    primary: { pk: { field: pk, composite: ['scope', 'key'] }, sk: { field: sk, composite: ['window'] } },
  },
});
