/** The table items a user owns: each entity's by id, and all of them (the `userData` collection) for account deletion. */
import { db } from './db';
import { newItemId } from './ids';

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

/** What userItems uses of an entity a user owns by one id (`{userId, <id>}`: ElectroDB's entities have much more). */
interface OwnedEntity<Item, Key> {
  get(key: Key): { go(): Promise<{ data: Item | null }> };
  query: { primary(key: { userId: string }): { go(options: { pages: 'all' }): Promise<{ data: Item[] }> } };
  create(item: Key): { go(): Promise<{ data: unknown }> };
  delete(key: Key): { go(): Promise<unknown> };
}

/**
 * An entity's items of one user, always addressed by the session's user id: found by id, listed in `order`,
 * created with a new id, deleted. Each entity's module adds only what differs (its fields, its own writes).
 */
export function userItems<Item extends { userId: string } & Record<Id, string>, Id extends string, Fields extends Partial<Item>>(entity: () => OwnedEntity<Item, { userId: string } & Record<Id, string>>, id: Id, order: (a: Item, b: Item) => number) {
  const key = (userId: string, itemId: string) => ({ userId, [id]: itemId }) as { userId: string } & Record<Id, string>;
  return {
    find: async (userId: string, itemId: string): Promise<Item | null> => (await entity().get(key(userId, itemId)).go()).data,
    list: async (userId: string): Promise<Item[]> => (await entity().query.primary({ userId }).go({ pages: 'all' })).data.sort(order),
    create: async (userId: string, fields: Fields): Promise<Item> => (await entity().create({ ...fields, ...key(userId, newItemId()) }).go()).data as Item,
    delete: async (item: Item): Promise<void> => {
      await entity().delete(key(item.userId, item[id])).go();
    },
  };
}
