/** The support chat's limits and texts (docs/product.md#screens-and-routes, #validation, #calls, #errors), shared by the API and the web app (so no zod here). */
import { BRAND } from './brand';

export const SUPPORT_LIMITS = {
  /** Longest question, in characters (after trimming). */
  maxMessageChars: 1000,
  /** Questions per user per window; well above a person typing, far below a script. */
  perUser: 20,
  windowSeconds: 10 * 60,
} as const;

export const SUPPORT_TEXTS = {
  empty: 'Please type a question.',
  tooLong: `Please keep your question under ${SUPPORT_LIMITS.maxMessageChars} characters.`,
  tooMany: 'You have sent a lot of messages in a short time. Please wait a few minutes and ask again.',
  /** docs/product.md#errors: the widget's own text when support cannot be reached; the API says the same. */
  unavailable: 'Support is currently unavailable.',
  /** Said plainly, with where to get help: the chat never guesses beyond the help text. */
  notInFaq: `I don't know the answer to that: it isn't in our help pages. For help from a person, write to ${BRAND.contactEmail}. I can answer questions about uploads and file formats, recording, languages, speakers, summaries, translation, corrections, search, downloads, share links, projects and tags, the trash, privacy or your account.`,
  greeting: `Hello! I'm the ${BRAND.supportName} assistant. Ask me anything about using ${BRAND.name}: uploading or recording, languages, summaries, translation, corrections, search, downloads, share links, projects and tags, privacy or your account.`,
  thanks: `You're welcome! If anything else comes up, just ask, or write to ${BRAND.contactEmail}.`,
} as const;
