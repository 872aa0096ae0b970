/** Share-link items (issue 15): found by the hash of their token; listed and removed only within the owner's user id. */
import type { CreateEntityItem, EntityItem } from 'electrodb';
import { db } from './db';
import type { ShareLink } from './entities/share-link';

export type ShareLinkItem = EntityItem<typeof ShareLink>;

export async function createShareLink(item: CreateEntityItem<typeof ShareLink>): Promise<void> {
  await db().entities.shareLink.create(item).go();
}

/** The link with this id (token hash), whoever owns it: the shared route checks ownership through the link itself. */
export async function findShareLink(linkId: string): Promise<ShareLinkItem | null> {
  return (await db().entities.shareLink.get({ linkId }).go()).data;
}

/** The user's links to one transcript, expired ones included (the caller filters). */
export async function listShareLinks(userId: string, transcriptId: string): Promise<ShareLinkItem[]> {
  const { data } = await db().entities.shareLink.query.byUser({ userId, transcriptId }).go({ pages: 'all' });
  // The sort key's prefix would also match a longer transcript id starting with this one.
  return data.filter((link) => link.transcriptId === transcriptId);
}

export async function deleteShareLink(linkId: string): Promise<void> {
  await db().entities.shareLink.delete({ linkId }).go();
}
