/** The tag rules (docs/product.md#validation, #errors). Pure; unit-tested. */
import { TAGS_TEXTS } from './texts';
import { failureText } from '@web/lib/api-client';

/** A tag name as sent: trimmed; null when nothing is left (an empty name is not sent: docs/product.md#validation). */
export function tagNameToSend(value: string): string | null {
  const name = value.trim();
  return name === '' ? null : name;
}

/** docs/product.md#errors, tag create: the server's error text, or 'Failed to create tag.'. */
export function createTagError(error: unknown): string {
  return failureText(error, TAGS_TEXTS.createFailed);
}
