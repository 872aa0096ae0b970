/** The text of the live panel (issue 29): committed lines, and the provisional words after them. Pure. */
import type { LiveUpdate } from './engine';

export interface LiveText {
  readonly committed: readonly string[];
  readonly provisional: string;
}

export const EMPTY_LIVE_TEXT: LiveText = { committed: [], provisional: '' };

/** A partial replaces the provisional words; a final commits its text (if any) and clears them. */
export function applyLiveUpdate(text: LiveText, update: LiveUpdate): LiveText {
  const words = update.text.trim();
  if (update.kind === 'partial') return { committed: text.committed, provisional: words };
  return { committed: words ? [...text.committed, words] : text.committed, provisional: '' };
}

/** All of it as one text: what is kept with the recording's copy in the browser. */
export const liveTextString = (text: LiveText): string => [...text.committed, text.provisional].filter(Boolean).join(' ');
