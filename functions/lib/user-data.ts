/** Everything a user owns, for account deletion: table items (the `userData` collection) and S3 objects. */
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { db } from '../data/db';
import { s3Client } from './aws-clients';
import { setting } from './config';

/** The S3 prefix of a user's objects; keys never contain a user-supplied name (DESIGN.md section 5). */
export const userPrefix = (userId: string): string => `users/${userId}/`;

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

export async function deleteUserObjects(userId: string): Promise<number> {
  const bucket = setting('UPLOADS_BUCKET');
  let deleted = 0;
  let token: string | undefined;
  do {
    const page = await s3Client().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: userPrefix(userId), ContinuationToken: token }));
    const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
    if (keys.length > 0) {
      await s3Client().send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
      deleted += keys.length;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return deleted;
}
