/** Local browser storage of the Transcribe tab (docs/product.md#entities, #states). */
import { SIDEBAR_COLLAPSED_KEY } from '../../web/src/config/constants';
import { PRESERVED_KEYS, STORAGE_KEYS, transcribeStorage, type StoredResult } from '../../web/src/features/transcribe/storage';
import { MemoryStorage } from './support/memory-storage';

const result: StoredResult = {
  id: 'abc123def456',
  filename: 'talk.mp3',
  transcript: 'Hello there.\nSecond line.',
  summary: 'Hello.\nSecond.',
  topic: 'Greetings',
  audioUrl: '/uploads/abc123def456.mp3',
  mediaKind: 'audio',
  wordTimings: [{ words: [{ word: 'Hello', start: 0, end: 300 }], speaker: 'Speaker 1' }],
};

describe('transcribe storage', () => {
  it('keeps the last transcript, summary, topic, audio url and word list, and gives them back', () => {
    const memory = new MemoryStorage();
    const storage = transcribeStorage(memory);
    expect(storage.readResult()).toBeUndefined();
    storage.writeResult(result);
    expect(storage.readResult()).toEqual(result);
    expect(memory.getItem(STORAGE_KEYS.transcript)).toBe(result.transcript);
    expect(memory.getItem(STORAGE_KEYS.summary)).toBe(result.summary);
    expect(memory.getItem(STORAGE_KEYS.topic)).toBe(result.topic);
    expect(memory.getItem(STORAGE_KEYS.audioUrl)).toBe(result.audioUrl);
    expect(JSON.parse(memory.getItem(STORAGE_KEYS.wordTimings)!)).toEqual(result.wordTimings);
    // Whether it has a picture (issue 28); a result stored before that was kept has none, and no other value is taken.
    expect(memory.getItem(STORAGE_KEYS.mediaKind)).toBe('audio');
    memory.setItem(STORAGE_KEYS.mediaKind, 'hologram');
    expect(storage.readResult()).not.toHaveProperty('mediaKind');
  });

  it('keeps a processing id until it is cleared', () => {
    const storage = transcribeStorage(new MemoryStorage());
    expect(storage.readProcessingId()).toBeUndefined();
    storage.writeProcessingId('job-123456789');
    expect(storage.readProcessingId()).toBe('job-123456789');
    storage.clearProcessingId();
    expect(storage.readProcessingId()).toBeUndefined();
  });

  it('clears all local storage but the interface preferences', () => {
    const memory = new MemoryStorage();
    const storage = transcribeStorage(memory);
    storage.writeResult(result);
    storage.writeProcessingId('job-123456789');
    memory.setItem('anything-else', 'x');
    memory.setItem('dashboard-sidebar-collapsed', '1');
    storage.clearAll();
    expect(memory.dump()).toEqual({ 'dashboard-sidebar-collapsed': '1' });
  });

  it('keeps exactly the key the sidebar stores its state under', () => {
    expect(PRESERVED_KEYS).toEqual([SIDEBAR_COLLAPSED_KEY]);
  });

  it('survives damaged data and a browser that refuses storage', () => {
    const memory = new MemoryStorage();
    memory.setItem(STORAGE_KEYS.transcript, 'text');
    memory.setItem(STORAGE_KEYS.wordTimings, '{not json');
    expect(transcribeStorage(memory).readResult()).toMatchObject({ transcript: 'text', wordTimings: [] });
    memory.setItem(STORAGE_KEYS.wordTimings, JSON.stringify([{ words: [] }, 'junk', null, { nope: 1 }]));
    expect(transcribeStorage(memory).readResult()!.wordTimings).toEqual([{ words: [] }]);

    const refusing = new MemoryStorage();
    const fail = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    Object.assign(refusing, { getItem: fail, setItem: fail, removeItem: fail, clear: fail });
    const storage = transcribeStorage(refusing);
    expect(() => storage.writeResult(result)).not.toThrow();
    expect(storage.readResult()).toBeUndefined();
    expect(() => storage.clearAll()).not.toThrow();
    expect(storage.readProcessingId()).toBeUndefined();
    expect(transcribeStorage(undefined).readResult()).toBeUndefined();
  });
});
