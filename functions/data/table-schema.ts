/**
 * The single table's physical shape, shared by the CDK table, the local provisioning and ElectroDB.
 * Generic key fields; index names are access-pattern names (docs/architecture.md#data).
 */
export const TABLE_SCHEMA = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds; DynamoDB TTL removes expired items on AWS (dynalite has no TTL: expiry is checked in code too). */
  ttlAttribute: 'expiresAt',
  indexes: {
    /** Items of one user by kind: sessions to revoke, transcripts newest first, projects, tags. */
    byUser: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    /** Transcripts of one project, newest first (sparse: only transcripts in a project have these keys). */
    byProject: { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  },
} as const;
