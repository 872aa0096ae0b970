/**
 * Which of the stack's functions is running this code: set by each handler's entry, read by the SDK
 * clients' check against functions/aws-calls.ts. Locally every function shares one process, so the
 * answer follows the async call chain rather than the process.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AppFunctionName } from '../aws-calls';

const running = new AsyncLocalStorage<AppFunctionName>();

export const runAsFunction = <T>(name: AppFunctionName, work: () => T): T => running.run(name, work);

/** The function whose handler is running, or undefined outside any (setup scripts, tests calling helpers). */
export const currentFunction = (): AppFunctionName | undefined => running.getStore();
