/** Creates the table and the user pool on the emulators, idempotently (a second start finds the first's), with the run's token. */
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { TABLE_SCHEMA } from '../../functions/data/table-schema';
import { withHeaders } from '../../functions/platform/aws-clients';
import { USER_POOL_PASSWORD_POLICY } from '../password-policy';
import type { LocalAccess } from './local-token.cjs';

const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
const REGION = 'us-east-1';
const tokenHeaders = (access: LocalAccess) => ({ [access.tokenHeader]: access.token });

export async function ensureTable(endpoint: string, tableName: string, access: LocalAccess): Promise<void> {
  const client = withHeaders(new DynamoDBClient({ endpoint, region: REGION, credentials: LOCAL_CREDENTIALS }), tokenHeaders(access));
  const { partitionKey, sortKey, indexes } = TABLE_SCHEMA;
  const gsis = Object.values(indexes);
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    // A table made by an older version of the app: add the indexes it lacks.
    const existing = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
    for (const index of gsis.filter((gsi) => !existing.has(gsi.name))) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: [index.partitionKey, index.sortKey].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
          GlobalSecondaryIndexUpdates: [{ Create: gsiDefinition(index) }],
        }),
      );
    }
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const keyFields = [partitionKey, sortKey, ...gsis.flatMap((index) => [index.partitionKey, index.sortKey])];
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: keyFields.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: gsis.map(gsiDefinition),
    }),
  );
  client.destroy();
}

function gsiDefinition(index: { name: string; partitionKey: string; sortKey: string }) {
  return {
    IndexName: index.name,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
    ],
    Projection: { ProjectionType: 'ALL' as const },
  };
}

export interface UserPoolIds {
  userPoolId: string;
  clientId: string;
  /** The app client's secret, given to the app as the stack gives it in AWS; none for a pool made before clients had one. */
  clientSecret: string | undefined;
}

export async function ensureUserPool(endpoint: string, poolName: string, access: LocalAccess): Promise<UserPoolIds> {
  const client = withHeaders(new CognitoIdentityProviderClient({ endpoint, region: REGION, credentials: LOCAL_CREDENTIALS }), tokenHeaders(access));
  const { UserPools = [] } = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = UserPools.find((pool) => pool.Name === poolName)?.Id;
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: poolName,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Policies: {
          PasswordPolicy: USER_POOL_PASSWORD_POLICY,
        },
      }),
    );
    userPoolId = created.UserPool?.Id;
  }
  if (!userPoolId) throw new Error('cognito-local did not return a user pool id');
  const { UserPoolClients = [] } = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let clientId = UserPoolClients.find((appClient) => appClient.ClientName === poolName)?.ClientId;
  if (!clientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: poolName,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        // As in AWS (cognito-local does not check SECRET_HASH, but the app computes and sends it).
        GenerateSecret: true,
      }),
    );
    clientId = created.UserPoolClient?.ClientId;
  }
  if (!clientId) throw new Error('cognito-local did not return an app client id');
  const described = await client.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId }));
  client.destroy();
  return { userPoolId, clientId, clientSecret: described.UserPoolClient?.ClientSecret };
}
