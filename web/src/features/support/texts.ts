/**
 * The support chat's texts. Shared words are in `@web/config/texts`; like it, this module has no browser or React
 * imports (tests read it).
 */

import { BRAND } from '@domain/brand';
import { SUPPORT_TEXTS } from '@domain/support';

/** docs/product.md#screens-and-routes (support widget), 8. */
export const SUPPORT_CHAT_TEXTS = {
  typing: 'Typing',
  send: 'Send',
  noReply: "Sorry, I couldn't understand that.",
  unavailable: 'Support is currently unavailable.',
  /** The chat box's title: the product's support name (functions/domain/brand.ts). */
  title: BRAND.supportName,
  open: `Open ${BRAND.supportName} chat`,
  close: 'Close support chat',
  inputLabel: 'Your question',
  placeholder: 'Ask a question…',
  welcome: `Hi! Ask me anything about ${BRAND.name}: uploads and recording, languages, summaries, translation, corrections, search, downloads, share links, projects and tags, privacy or your account.`,
  you: 'You',
  messagesLabel: 'Conversation',
  /** Also the server's text for an overlong question (functions/domain/support.ts). */
  tooLong: SUPPORT_TEXTS.tooLong,
} as const;
