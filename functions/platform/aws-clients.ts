/** AWS SDK clients, created once per process from the composition root's settings. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { BuildMiddleware } from '@smithy/types';
import { iamActionOf, isDeclared } from '../aws-calls';
import { currentFunction } from './call-scope';
import { clientSettings, emulatorHeaders, getConfig } from './config';
import { once } from './lazy';
import { MEDIA_FUNCTION_SECONDS } from '../domain/constants';

/** The part of an SDK v3 client the check needs. */
interface SdkClient {
  middlewareStack: {
    add(
      middleware: (next: (args: { input: object }) => Promise<unknown>, context: { clientName?: string; commandName?: string }) => (args: { input: object }) => Promise<unknown>,
      options: { step: 'initialize'; name: string },
    ): void;
    remove(name: string): boolean;
  };
}

/** A call the running function may not make according to functions/aws-calls.ts (and so, by the infra test, its role). */
export class UndeclaredAwsCallError extends Error {
  override name = 'UndeclaredAwsCallError';
}

/**
 * Every call (sent or presigned) is checked against the running function's list in functions/aws-calls.ts
 * before it leaves: a call missing there has no proven grant, so it fails here in every test that reaches it.
 */
export function checkedClient<C extends SdkClient>(client: C): C {
  // The SDK's logger step hands every answer, item by item, through a filter that hides sensitive fields,
  // even for its default logger that writes nothing: on a 50-item list page that was about a fifth of the
  // data call's CPU (issue 16 point 5, profiled with npm run bench -- lists). We give the SDK no logger.
  client.middlewareStack.remove('loggerMiddleware');
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const fn = currentFunction();
      const action = iamActionOf(context.clientName ?? '', context.commandName ?? '');
      if (fn && !isDeclared(fn, action, args.input as Record<string, unknown>)) {
        throw new UndeclaredAwsCallError(`The ${fn} function calls ${action} on a resource not listed for it in functions/aws-calls.ts: add the call there and its grant in infra/.`);
      }
      return next(args);
    },
    { step: 'initialize', name: 'declaredAwsCalls' },
  );
  return client;
}

/** The part of an SDK v3 client that takes a middleware at its build step. */
interface BuildStack {
  middlewareStack: { add(middleware: BuildMiddleware<object, object>, options: { step: 'build'; name: string }): void };
}

/** Sends `headers` with every request of `client` (none: the client as it was). */
export function withHeaders<C extends BuildStack>(client: C, headers: Record<string, string>): C {
  if (Object.keys(headers).length === 0) return client;
  client.middlewareStack.add(
    (next) => (args) => {
      Object.assign((args.request as { headers: Record<string, string> }).headers, headers);
      return next(args);
    },
    { step: 'build', name: 'extraHeaders' },
  );
  return client;
}

/*
 * Each client is made on first use and marked pure (the bundler can't see across files that `once` has no
 * effect worth keeping): a Lambda bundle leaves out the SDK clients its function never asks for, which
 * shortens its cold start. Keep the mark on any client added here.
 */
export const documentClient = /* @__PURE__ */ once(() =>
  DynamoDBDocumentClient.from(withHeaders(checkedClient(new DynamoDBClient(clientSettings(getConfig().DYNAMODB_ENDPOINT))), emulatorHeaders()), {
    marshallOptions: { removeUndefinedValues: true },
  }),
);

const s3ClientAt = (endpoint: string | undefined): S3Client =>
  checkedClient(new S3Client({
    ...clientSettings(endpoint),
    // The emulator serves buckets by path, not by host name.
    forcePathStyle: endpoint !== undefined,
    // Without this, streamed bodies are stored with chunk framing on s3rver and browser presigned PUTs break.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }));

export const s3Client = /* @__PURE__ */ once(() => s3ClientAt(getConfig().S3_ENDPOINT));

/**
 * The client that signs links for browsers: storage at the address they reach it by. That is the same
 * address except for a local app behind a team's proxy (S3_PUBLIC_ENDPOINT, from PUBLIC_URL).
 */
export const s3LinkClient = /* @__PURE__ */ once(() => (getConfig().S3_PUBLIC_ENDPOINT ? s3ClientAt(getConfig().S3_PUBLIC_ENDPOINT) : s3Client()));

export const sfnClient = /* @__PURE__ */ once(() => withHeaders(checkedClient(new SFNClient(clientSettings(getConfig().SFN_ENDPOINT))), emulatorHeaders()));

/** Invokes the media function and waits for it: up to its time limit, so the client does not give up first. */
export const lambdaClient = /* @__PURE__ */ once(() =>
  withHeaders(checkedClient(new LambdaClient({ ...clientSettings(getConfig().LAMBDA_ENDPOINT), requestHandler: { requestTimeout: (MEDIA_FUNCTION_SECONDS + 60) * 1000 } })), emulatorHeaders()),
);

export const cognitoClient = /* @__PURE__ */ once(
  () => withHeaders(checkedClient(new CognitoIdentityProviderClient(clientSettings(getConfig().COGNITO_ENDPOINT))), emulatorHeaders()),
);
