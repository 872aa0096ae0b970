/**
 * Recordings kept in the browser (IndexedDB) while they are made and until their upload is confirmed
 * (issue 15, point 1): each MediaRecorder slice is written as it arrives, so closing the tab, a crash
 * or a lost connection loses at most the last slice. The next visit lists what is left and offers it.
 *
 * Slices are stored as ArrayBuffers, not Blobs: every browser can keep those in IndexedDB (older
 * Safari could not keep Blobs), and they clone the same everywhere. Works on any IDBFactory (the
 * browser's, or fake-indexeddb in the unit tests).
 */

const DB_NAME = 'scribely-recordings';
const DB_VERSION = 1;
const RECORDINGS = 'recordings';
const CHUNKS = 'chunks';

export interface StoredRecording {
  id: string;
  /** The signed-in user who made it: on a shared computer, nobody else is offered it. */
  owner: string;
  /** The MediaRecorder's type, e.g. 'audio/webm;codecs=opus'. */
  mimeType: string;
  /** The file name it is uploaded under. */
  filename: string;
  /** When recording started (ms since the epoch). */
  startedAt: number;
  /** How long it had run at its last stored slice (pauses not counted). */
  durationMs: number;
  /** Bytes stored so far. */
  size: number;
  /** The live transcript's text (issue 29), shown with the recording when it is offered again. */
  liveText?: string;
}

interface StoredChunk {
  recordingId: string;
  seq: number;
  bytes: ArrayBuffer;
}

export interface RecordingStore {
  create(recording: Omit<StoredRecording, 'durationMs' | 'size'>): Promise<void>;
  /** Appends slice `seq` (0, 1, 2 ...) and records how long the recording has run. */
  append(id: string, seq: number, bytes: ArrayBuffer, durationMs: number): Promise<void>;
  /** Keeps the live text with the recording (nothing when it is gone). */
  keepLiveText(id: string, text: string): Promise<void>;
  /** `owner`'s recordings, oldest first. */
  list(owner: string): Promise<StoredRecording[]>;
  /** The whole recording as one Blob of its type; undefined when it is gone. */
  read(id: string): Promise<Blob | undefined>;
  remove(id: string): Promise<void>;
}

const promised = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed.'));
  });

const finished = (transaction: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed.'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted.'));
  });

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(RECORDINGS)) db.createObjectStore(RECORDINGS, { keyPath: 'id' });
      if (!db.objectStoreNames.contains(CHUNKS)) db.createObjectStore(CHUNKS, { keyPath: ['recordingId', 'seq'] });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened.'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab.'));
  });
}

/** Every chunk key of one recording: [id, -Infinity] .. [id, +Infinity]. */
const chunksOf = (id: string): IDBKeyRange => IDBKeyRange.bound([id, -Infinity], [id, Infinity]);

/** The store over `factory` (default: the browser's IndexedDB; null: none). The database is opened on first use. */
export function recordingStore(factory: IDBFactory | null = browserIndexedDb()): RecordingStore {
  let db: Promise<IDBDatabase> | undefined;
  const database = (): Promise<IDBDatabase> => {
    if (!factory) return Promise.reject(new Error('This browser cannot keep recordings.'));
    db ??= openDatabase(factory).catch((error: unknown) => {
      db = undefined;
      throw error;
    });
    return db;
  };
  const run = async <T>(stores: string[], mode: IDBTransactionMode, work: (transaction: IDBTransaction) => Promise<T>): Promise<T> => {
    const transaction = (await database()).transaction(stores, mode);
    const done = finished(transaction);
    const result = await work(transaction);
    await done;
    return result;
  };

  return {
    create: (recording) => run([RECORDINGS], 'readwrite', async (tx) => void (await promised(tx.objectStore(RECORDINGS).put({ ...recording, durationMs: 0, size: 0 } satisfies StoredRecording)))),
    append: (id, seq, bytes, durationMs) =>
      run([RECORDINGS, CHUNKS], 'readwrite', async (tx) => {
        const recordings = tx.objectStore(RECORDINGS);
        const recording = (await promised(recordings.get(id))) as StoredRecording | undefined;
        // Discarded meanwhile (another tab, or the user): the slice has nowhere to go.
        if (!recording) return;
        await promised(tx.objectStore(CHUNKS).put({ recordingId: id, seq, bytes } satisfies StoredChunk));
        await promised(recordings.put({ ...recording, durationMs: Math.max(recording.durationMs, durationMs), size: recording.size + bytes.byteLength }));
      }),
    keepLiveText: (id, liveText) =>
      run([RECORDINGS], 'readwrite', async (tx) => {
        const recordings = tx.objectStore(RECORDINGS);
        const recording = (await promised(recordings.get(id))) as StoredRecording | undefined;
        if (recording) await promised(recordings.put({ ...recording, liveText } satisfies StoredRecording));
      }),
    list: (owner) =>
      run([RECORDINGS], 'readonly', async (tx) => {
        const all = (await promised(tx.objectStore(RECORDINGS).getAll())) as StoredRecording[];
        return all.filter((recording) => recording.owner === owner).sort((a, b) => a.startedAt - b.startedAt);
      }),
    read: (id) =>
      run([RECORDINGS, CHUNKS], 'readonly', async (tx) => {
        const recording = (await promised(tx.objectStore(RECORDINGS).get(id))) as StoredRecording | undefined;
        if (!recording) return undefined;
        // Keys sort by [id, seq]: the slices come back in recording order.
        const chunks = (await promised(tx.objectStore(CHUNKS).getAll(chunksOf(id)))) as StoredChunk[];
        return new Blob(
          chunks.map((chunk) => chunk.bytes),
          { type: recording.mimeType },
        );
      }),
    remove: (id) =>
      run([RECORDINGS, CHUNKS], 'readwrite', async (tx) => {
        await promised(tx.objectStore(CHUNKS).delete(chunksOf(id)));
        await promised(tx.objectStore(RECORDINGS).delete(id));
      }),
  };
}

function browserIndexedDb(): IDBFactory | null {
  try {
    return typeof indexedDB === 'undefined' ? null : indexedDB;
  } catch {
    // Some browsers throw on the mere access in private windows.
    return null;
  }
}
