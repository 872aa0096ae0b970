/**
 * The version of each shard of a user's search index (the shard itself is an S3 object named by it).
 * A conditional write on the version makes concurrent index updates retry instead of losing one.
 */
import { db } from './db';
import { writtenIf } from './errors';

/** A shard's stored version and the name of the write that stored it (absent: version 0, or stored before names). */
export interface ShardState {
  version: number;
  object?: string;
}

const NEVER_STORED: ShardState = { version: 0 };

const stateOf = (row: { version: number; object?: string }): ShardState => (row.object ? { version: row.version, object: row.object } : { version: row.version });

/** Every shard's state, by shard number. */
export async function shardVersions(userId: string): Promise<Map<number, ShardState>> {
  const { data } = await db().entities.searchShard.query.primary({ userId }).go({ pages: 'all' });
  return new Map(data.map((row) => [row.shard, stateOf(row)]));
}

/** The shard's state; version 0 when it was never stored. */
export async function shardVersion(userId: string, shard: number): Promise<ShardState> {
  const row = (await db().entities.searchShard.get({ userId, shard }).go()).data;
  return row ? stateOf(row) : NEVER_STORED;
}

/** Sets a version whatever it was (a marker row). */
export async function putShardVersion(userId: string, shard: number, version: number): Promise<void> {
  await db().entities.searchShard.upsert({ userId, shard, version }).go();
}

/**
 * Moves the shard from `version` to `version + 1`, stored by the write named `object`; false when another
 * update came first (then nothing changed).
 */
export function advanceShardVersion(userId: string, shard: number, version: number, object: string): Promise<boolean> {
  const row = db().entities.searchShard;
  return writtenIf(
    version === 0
      ? row.create({ userId, shard, version: 1, object }).go()
      : row.patch({ userId, shard }).set({ version: version + 1, object }).where((attributes, { eq }) => eq(attributes.version, version)).go(),
  );
}
