/** Errors of the table, told apart by their type and code, never by their message text. */
import { ElectroError } from 'electrodb';

/**
 * True when a write's condition failed: a create found the item already there, or a conditional update
 * found it changed. ElectroDB wraps DynamoDB's ConditionalCheckFailedException as the error's cause; a
 * call of the document client throws it as it is.
 */
export function isConditionFailure(error: unknown): boolean {
  const failure = error instanceof ElectroError ? error.cause : error;
  return failure instanceof Error && failure.name === 'ConditionalCheckFailedException';
}

/** Makes a conditional write: true when it was made, false when its condition failed (any other error is thrown). */
export async function writtenIf(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The wait before a race's next try grows from this, randomly, up to the most. */
const BACKOFF_MS = 10;
const MAX_BACKOFF_MS = 500;

/**
 * Runs `attempt` (a read, then a write conditional on what it read) again while its write loses the race,
 * spaced by a growing, random wait; after `maxTries` lost races, throws `busy()`.
 */
export async function retriedRaces<T>(attempt: () => Promise<T>, { maxTries, busy }: { maxTries: number; busy: () => Error }): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      if (tries >= maxTries) throw busy();
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(MAX_BACKOFF_MS, BACKOFF_MS * 2 ** tries)));
    }
  }
}
