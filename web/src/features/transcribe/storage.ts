/**
 * Local browser storage of the Transcribe tab (docs/product.md#entities, #states): the last transcript, its
 * summary, topic, audio url and word list, and the id of a transcription still processing.
 *
 * docs/product.md#states says starting a new transcription "clears all local storage". We clear every key
 * but the user's interface preferences in PRESERVED_KEYS (today: the dashboard sidebar's collapsed
 * state). That key is not transcription state; wiping it would make the sidebar jump open on every
 * upload, which no user would connect with pressing 'Transcribe'. Everything else goes.
 *
 * Works on any `Storage` (a fake one in tests); a browser that refuses storage (private mode, quota)
 * simply keeps nothing. Pure apart from the storage it is given; unit-tested.
 */
import { SIDEBAR_COLLAPSED_KEY } from '@web/config/constants';
import type { WordGroup } from '@web/transcript/api/get-transcript';
import type { MediaKind } from '@web/transcript/sticky-player';
import { webStorage } from '@web/lib/web-storage';

export const STORAGE_KEYS = {
  transcript: 'transcribe.transcript',
  summary: 'transcribe.summary',
  topic: 'transcribe.topic',
  audioUrl: 'transcribe.audioUrl',
  wordTimings: 'transcribe.wordTimings',
  processingId: 'transcribe.processingId',
  /** Beyond the product's list: which transcript the stored one is, to link to its detail page and name it. */
  id: 'transcribe.id',
  filename: 'transcribe.filename',
  /** Whether the recording has a picture, so the player is a video or an audio one (issue 28). */
  mediaKind: 'transcribe.mediaKind',
} as const;

/** Interface preferences that survive "clears all local storage": the sidebar's state (app/shell/use-sidebar.ts). */
export const PRESERVED_KEYS: readonly string[] = [SIDEBAR_COLLAPSED_KEY];

export interface StoredResult {
  id?: string;
  filename?: string;
  transcript: string;
  summary: string;
  topic: string;
  audioUrl: string;
  /** Absent in a result stored before it was kept: the player guesses from the address. */
  mediaKind?: MediaKind;
  wordTimings: WordGroup[];
}

function parseGroups(text: string | null): WordGroup[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((group): group is WordGroup => !!group && typeof group === 'object' && Array.isArray((group as WordGroup).words)) : [];
  } catch {
    return [];
  }
}

export interface TranscribeStorage {
  readResult(): StoredResult | undefined;
  writeResult(result: StoredResult): void;
  readProcessingId(): string | undefined;
  writeProcessingId(id: string): void;
  clearProcessingId(): void;
  /** Everything but PRESERVED_KEYS. */
  clearAll(): void;
}

/** The tab's storage over `storage` (default: the browser's localStorage, when there is one). */
export function transcribeStorage(storage: Storage | undefined = webStorage('localStorage')): TranscribeStorage {
  const get = (key: string): string | null => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const set = (key: string, value: string | undefined): void => {
    try {
      if (value === undefined) storage?.removeItem(key);
      else storage?.setItem(key, value);
    } catch {
      // Full or refused: the result is still on screen, it just won't be there next time.
    }
  };

  return {
    readResult() {
      const audioUrl = get(STORAGE_KEYS.audioUrl) ?? '';
      const transcript = get(STORAGE_KEYS.transcript) ?? '';
      if (!audioUrl && !transcript) return undefined;
      const id = get(STORAGE_KEYS.id);
      const filename = get(STORAGE_KEYS.filename);
      const mediaKind = get(STORAGE_KEYS.mediaKind);
      return {
        ...(id ? { id } : {}),
        ...(filename ? { filename } : {}),
        transcript,
        summary: get(STORAGE_KEYS.summary) ?? '',
        topic: get(STORAGE_KEYS.topic) ?? '',
        audioUrl,
        ...(mediaKind === 'audio' || mediaKind === 'video' ? { mediaKind } : {}),
        wordTimings: parseGroups(get(STORAGE_KEYS.wordTimings)),
      };
    },
    writeResult(result) {
      set(STORAGE_KEYS.transcript, result.transcript);
      set(STORAGE_KEYS.summary, result.summary);
      set(STORAGE_KEYS.topic, result.topic);
      set(STORAGE_KEYS.audioUrl, result.audioUrl);
      set(STORAGE_KEYS.id, result.id);
      set(STORAGE_KEYS.filename, result.filename);
      set(STORAGE_KEYS.mediaKind, result.mediaKind);
      // Last: the largest item; if it does not fit, the rest is still kept.
      set(STORAGE_KEYS.wordTimings, JSON.stringify(result.wordTimings));
    },
    readProcessingId: () => get(STORAGE_KEYS.processingId) || undefined,
    writeProcessingId: (id) => set(STORAGE_KEYS.processingId, id),
    clearProcessingId: () => set(STORAGE_KEYS.processingId, undefined),
    clearAll() {
      if (!storage) return;
      try {
        const kept = PRESERVED_KEYS.map((key) => [key, storage.getItem(key)] as const);
        storage.clear();
        for (const [key, value] of kept) if (value !== null) storage.setItem(key, value);
      } catch {
        // Storage refused: nothing to clear.
      }
    },
  };
}
