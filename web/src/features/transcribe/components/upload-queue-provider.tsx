import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { UPLOAD_QUEUE_TEXTS } from '../texts';
import { apiCall } from '@web/lib/api-client';
import { announceReady } from '@web/transcript/job-notice';
import { libraryKeys } from '@web/lib/library-keys';
import { startTranscription } from '../api/transcribe';
import { uploadRecording } from '../api/upload';
import { isSending, isSettled, type QueueRow } from '../queue/queue-state';
import { createUploadQueue, readHead, type QueueDeps, type UploadQueue } from '../queue/upload-queue';
import '../queue-badge.css';

const browserDeps: QueueDeps = {
  readHead,
  upload: (file, options) => uploadRecording(file, options),
  start: startTranscription,
  getTranscript: (id) => apiCall('GET /api/transcripts/{id}', { params: { id } }),
  setTimer: (run, ms) => window.setTimeout(run, ms),
  clearTimer: (handle) => window.clearTimeout(handle as number),
};

const QueueContext = createContext<UploadQueue | null>(null);
const NO_ROWS: readonly QueueRow[] = [];
const noSubscription = () => () => {};

/**
 * Holds the queue of several files for the signed-in pages (the app puts it above the dashboard's tabs
 * and the transcript page), so uploads go on while the user moves around. Signing out ends it. Made in
 * an effect, not during render: React's strict mode mounts twice, and a disposed queue can't be reused.
 */
export function UploadQueueProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<UploadQueue | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    const created = createUploadQueue(browserDeps);
    setQueue(created);
    let done = 0;
    const announced = new Set<string>();
    const unsubscribe = created.subscribe(() => {
      // A finished job belongs in the library's lists.
      const now = created.rows().filter((row) => row.state.kind === 'complete' || row.state.kind === 'processing').length;
      if (now !== done) void queryClient.invalidateQueries({ queryKey: libraryKeys.lists });
      done = now;
      // One that completes while the tab is in the background says so (title, notification if allowed).
      for (const row of created.rows()) {
        if (row.state.kind !== 'complete' || announced.has(row.key)) continue;
        announced.add(row.key);
        announceReady(row.name);
      }
    });
    // Leaving the page stops the uploads: the browser asks first.
    const warn = (event: BeforeUnloadEvent) => {
      if (!created.rows().some((row) => isSending(row.state))) return;
      event.preventDefault();
      event.returnValue = UPLOAD_QUEUE_TEXTS.leaveWarning;
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      unsubscribe();
      created.dispose();
    };
  }, [queryClient]);

  return <QueueContext.Provider value={queue}>{children}</QueueContext.Provider>;
}

/** The queue and its rows; null queue outside the provider (or before it is made). */
export function useUploadQueue(): { queue: UploadQueue | null; rows: readonly QueueRow[] } {
  const queue = useContext(QueueContext);
  const rows = useSyncExternalStore(queue?.subscribe ?? noSubscription, queue?.rows ?? (() => NO_ROWS));
  return { queue, rows };
}

/** How many files of the queue are not done yet, for the sidebar: the queue is seen to go on from any page. */
export function QueueBadge() {
  const { rows } = useUploadQueue();
  const open = rows.filter((row) => !isSettled(row.state)).length;
  if (open === 0) return null;
  return (
    <span className="queue-badge">
      <span aria-hidden="true">{open}</span>
      <span className="visually-hidden"> {UPLOAD_QUEUE_TEXTS.badge(open)}</span>
    </span>
  );
}
