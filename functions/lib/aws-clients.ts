/** AWS SDK clients, created once per process from the composition root's settings. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { clientSettings, getConfig } from './config';
import { once } from './lazy';

export const documentClient = once(() =>
  DynamoDBDocumentClient.from(new DynamoDBClient(clientSettings(getConfig().DYNAMODB_ENDPOINT)), {
    marshallOptions: { removeUndefinedValues: true },
  }),
);

export const s3Client = once(
  () =>
    new S3Client({
      ...clientSettings(getConfig().S3_ENDPOINT),
      forcePathStyle: getConfig().APP_MODE === 'local',
      // Without this, streamed bodies are stored with chunk framing on s3rver and browser presigned PUTs break.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
);

export const sfnClient = once(() => new SFNClient(clientSettings(getConfig().SFN_ENDPOINT)));

export const cognitoClient = once(
  () => new CognitoIdentityProviderClient(clientSettings(getConfig().COGNITO_ENDPOINT)),
);
