/** The tag rules (SPEC.md sections 5 and 8). Pure; unit-tested. */
import { TEXTS } from '@web/config/texts';
import { failureText } from '@web/lib/api-client';

/** A tag name as sent: trimmed; null when nothing is left (an empty name is not sent: SPEC 5). */
export function tagNameToSend(value: string): string | null {
  const name = value.trim();
  return name === '' ? null : name;
}

/** SPEC 8, tag create: the server's error text, or 'Failed to create tag.'. */
export function createTagError(error: unknown): string {
  return failureText(error, TEXTS.tags.createFailed);
}
