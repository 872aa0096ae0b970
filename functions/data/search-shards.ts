/**
 * The version of each shard of a user's search index (the shard itself is an S3 object named by it).
 * A conditional write on the version makes concurrent index updates retry instead of losing one.
 */
import { db } from './db';
import { writtenIf } from './errors';

/** Every shard's version, by shard number. */
export async function shardVersions(userId: string): Promise<Map<number, number>> {
  const { data } = await db().entities.searchShard.query.primary({ userId }).go({ pages: 'all' });
  return new Map(data.map((row) => [row.shard, row.version]));
}

/** The shard's version; 0 when it was never stored. */
export async function shardVersion(userId: string, shard: number): Promise<number> {
  return (await db().entities.searchShard.get({ userId, shard }).go()).data?.version ?? 0;
}

/** Sets a version whatever it was (a marker row). */
export async function putShardVersion(userId: string, shard: number, version: number): Promise<void> {
  await db().entities.searchShard.upsert({ userId, shard, version }).go();
}

/** Moves the shard from `version` to `version + 1`; false when another update came first (then nothing changed). */
export function advanceShardVersion(userId: string, shard: number, version: number): Promise<boolean> {
  const row = db().entities.searchShard;
  return writtenIf(
    version === 0 ? row.create({ userId, shard, version: 1 }).go() : row.patch({ userId, shard }).set({ version: version + 1 }).where((attributes, { eq }) => eq(attributes.version, version)).go(),
  );
}
