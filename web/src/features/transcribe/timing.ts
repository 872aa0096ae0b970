/** docs/product.md#states, #constants-and-limits: what happens when a transcription completes, and when. */
export { TRANSCRIPT_POLL_INTERVAL_MS } from '@domain/constants';
/** The transcript's highlight flash lasts 3 s. */
export const HIGHLIGHT_FLASH_MS = 3000;
