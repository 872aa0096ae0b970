/** Every table item a user owns (the `userData` collection), for account deletion. */
import { db } from './db';

/** Deletes them all; returns how many there were. */
export async function deleteUserItems(userId: string): Promise<number> {
  const { data } = await db().collections.userData({ userId }).go({ pages: 'all' });
  let deleted = 0;
  for (const [entityName, items] of Object.entries(data) as [keyof typeof data, Record<string, unknown>[]][]) {
    if (items.length === 0) continue;
    // Each entity's batch delete reads its own key attributes from the full items.
    await (db().entities[entityName] as unknown as { delete(items: Record<string, unknown>[]): { go(): Promise<unknown> } }).delete(items).go();
    deleted += items.length;
  }
  return deleted;
}
