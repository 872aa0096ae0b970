/**
 * One structured logger (AWS Powertools) for every handler; never log secrets, cookies or bodies.
 *
 * runLogged does for each invocation what Powertools' injectLambdaContext with `clearState` does (we have
 * no middy): the Lambda context on every line, keys added during the invocation cleared after it. Its own
 * keys (the route or step, a correlation id, the user's hash) follow the async call chain instead of
 * sitting on the logger, because locally every function shares one process and requests overlap: keys set
 * on the logger would show up in the requests running beside it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import { Logger, LogFormatter, LogItem } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import type { Context } from 'aws-lambda';

/** The running invocation's keys. */
const invocationKeys = new AsyncLocalStorage<Record<string, string>>();

/** Powertools' standard keys, then the invocation's, then the line's own. */
class InvocationLogFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    const context = attributes.lambdaContext;
    return new LogItem({
      attributes: {
        level: attributes.logLevel,
        message: attributes.message,
        timestamp: this.formatTimestamp(attributes.timestamp),
        service: attributes.serviceName,
        cold_start: context?.coldStart,
        function_arn: context?.invokedFunctionArn,
        function_memory_size: context?.memoryLimitInMB,
        function_name: context?.functionName,
        function_request_id: context?.awsRequestId,
        sampling_rate: attributes.sampleRateValue,
        xray_trace_id: attributes.xRayTraceId,
        ...invocationKeys.getStore(),
      },
    }).addAttributes(additional);
  }
}

export const logger = new Logger({ serviceName: 'transcribe-app', logFormatter: new InvocationLogFormatter() });

/** A user as the logs name them: a hash, so a log line never carries the id or the e-mail address. */
export const hashedUser = (userId: string): string => createHash('sha256').update(`log:${userId}`).digest('base64url').slice(0, 16);

export interface InvocationKeys {
  /** The API Gateway request id, a transcript id across a job's steps; one is made up when absent. */
  correlationId?: string | undefined;
  [key: string]: string | undefined;
}

/** Adds keys to the running invocation's lines (the user, once its session is known). */
export function addInvocationKeys(keys: Record<string, string>): void {
  Object.assign(invocationKeys.getStore() ?? {}, keys);
}

/**
 * Runs one invocation: the Lambda context (when there is one: in AWS, one invocation at a time per
 * environment), the correlation id and `keys` on its lines; none of them outlives it (clearState).
 */
export function runLogged<T>(context: Context | undefined, { correlationId, ...keys }: InvocationKeys, work: () => Promise<T>): Promise<T> {
  if (context) logger.addContext(context);
  const own = Object.fromEntries(Object.entries(keys).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return invocationKeys.run({ correlation_id: correlationId ?? randomUUID(), ...own }, () =>
    work().finally(() => logger.resetKeys()),
  );
}
