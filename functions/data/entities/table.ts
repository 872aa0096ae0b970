/**
 * What every entity of the single table shares: the service its keys start with, the key fields, and the
 * shapes of its indexes and common attributes. Every user-owned entity has a `byUser` index in the
 * `userData` collection, keyed by the user id from the session: one query finds all of a user's items
 * (account deletion), and no request can name another user's partition.
 */
import { TABLE_SCHEMA } from '../table-schema';

const { partitionKey: pk, sortKey: sk } = TABLE_SCHEMA;
const gsi = TABLE_SCHEMA.indexes.byUser;

/** The model of an entity: every one is at version 1 of service 'app', which prefix its keys. */
export const model = <const E extends string>(entity: E) => ({ entity, version: '1', service: 'app' }) as const;

/** Attributes every item of the entity has, all of one type (keys and ids, times). */
export const required = <const T extends 'string' | 'number', const N extends string[]>(type: T, ...names: N) =>
  Object.fromEntries(names.map((name) => [name, { type, required: true }])) as { [K in N[number]]: { readonly type: T; readonly required: true } };

/** An ISO 8601 creation time, set when the item is created. */
export const createdAtIso = () => ({ type: 'string', required: true, default: () => new Date().toISOString() }) as const;

/** The primary index: the item found by the values of `partition` (and `sort`). */
export const primaryKey = <const P extends string[], const S extends string[] = []>(partition: P, sort = [] as unknown as S) =>
  ({ pk: { field: pk, composite: partition }, sk: { field: sk, composite: sort } }) as const;

/** The user-owned index: all of one user's items, by kind. */
export const byUser = <const S extends string[]>(sortComposite: S) =>
  ({
    index: gsi.name,
    collection: 'userData',
    pk: { field: gsi.partitionKey, composite: ['userId'] },
    sk: { field: gsi.sortKey, composite: sortComposite },
  }) as const;

/** The indexes of an item kept under its user by `keys`, and found among the user's items by the same keys. */
export const underUser = <const K extends string[]>(keys: K) => ({ primary: primaryKey(['userId'], keys), byUser: byUser(keys) }) as const;

/** The indexes of an item found by its own `keys` (a token's hash, a job's name) and listed among its user's items by `listed`. */
export const ownKeyUnderUser = <const K extends string[], const L extends string[] = K>(keys: K, listed = keys as unknown as L) =>
  ({ primary: primaryKey(keys), byUser: byUser(listed) }) as const;
