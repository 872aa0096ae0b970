/**
 * What DynamoDB's time to live does in AWS, for the local emulator, which has none: items whose
 * `expiresAt` has passed (sessions, counters, uploads, reset tokens, share links) are deleted. The app
 * checks expiry in code everywhere, so this only keeps the local table from growing with dead items.
 */
import { DeleteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { isConditionFailure } from './errors';
import { TABLE_SCHEMA } from './table-schema';

const { partitionKey, sortKey, ttlAttribute } = TABLE_SCHEMA;

/** Deletes every item that expired before `nowSeconds`; answers how many went. */
export async function deleteExpiredItems(nowSeconds: number): Promise<number> {
  const TableName = getConfig().TABLE_NAME;
  const expired = { ExpressionAttributeNames: { '#ttl': ttlAttribute }, ExpressionAttributeValues: { ':now': nowSeconds } };
  let removed = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({ TableName, FilterExpression: '#ttl < :now', ProjectionExpression: `${partitionKey}, ${sortKey}`, ExclusiveStartKey: startKey, ...expired }),
    );
    for (const Key of page.Items ?? []) {
      // Conditional: an item renewed since the scan (a job slot's lease, a counter) stays.
      try {
        await documentClient().send(new DeleteCommand({ TableName, Key, ConditionExpression: '#ttl < :now', ...expired }));
        removed += 1;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return removed;
}
