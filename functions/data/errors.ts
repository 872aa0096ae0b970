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
