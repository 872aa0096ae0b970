/** The support call (docs/product.md#calls): `POST /api/support {message}` on the API host (the app's own origin), with the session. */
import { apiCall, failureText } from '@web/lib/api-client';
import { SUPPORT_CHAT_TEXTS } from '../texts';

/**
 * Asks one question and answers the text to show as the bot's message: the reply, or docs/product.md#errors's
 * fallbacks ('Sorry, I couldn't understand that.' for a missing reply, 'Support is currently unavailable.'
 * when the server cannot be reached); a refusal the server explains (too long, too many) shows its text.
 */
export async function askSupport(message: string): Promise<string> {
  try {
    // A proxy or an older server may answer without a reply: that is the product's 'could not understand'.
    const reply: unknown = (await apiCall('POST /api/support', { body: { message } }))?.reply;
    return typeof reply === 'string' && reply.trim() ? reply : SUPPORT_CHAT_TEXTS.noReply;
  } catch (error) {
    return failureText(error, SUPPORT_CHAT_TEXTS.unavailable);
  }
}
