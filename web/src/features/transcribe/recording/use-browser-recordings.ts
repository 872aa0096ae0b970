/**
 * The Transcribe tab's recordings (issue 15, point 1): the recorder, the recording just made (the
 * chosen file while it is), the ones an earlier visit left in the browser, and forgetting each once
 * the server holds it.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSession } from '@web/lib/session/get-session';
import { recordingStore, type RecordingStore, type StoredRecording } from './chunk-store';
import { recordingsUnderWay } from './recording-lock';
import { useRecorder, type FinishedRecording } from './use-recorder';

/**
 * Recordings left in the browser by an earlier visit (closed tab, crash, lost connection); not those
 * being made now in another tab; `exclude`: the one on this tab's form.
 */
function useRecoveredRecordings(store: RecordingStore, owner: string, exclude: string | undefined) {
  const [recordings, setRecordings] = useState<StoredRecording[]>([]);
  const refresh = useCallback(() => {
    if (!owner) return;
    Promise.all([store.list(owner), recordingsUnderWay()]).then(
      ([kept, underWay]) => setRecordings(kept.filter((recording) => !underWay.has(recording.id))),
      () => setRecordings([]),
    );
  }, [store, owner]);
  useEffect(refresh, [refresh]);
  const remove = useCallback(
    async (id: string) => {
      await store.remove(id).catch(() => {});
      refresh();
    },
    [store, refresh],
  );
  return { recordings: recordings.filter((recording) => recording.id !== exclude), remove };
}

export function useBrowserRecordings({ onRecorded }: { onRecorded: (file: File) => void }) {
  const store = useMemo(() => recordingStore(), []);
  // The tab is signed-in only: the session is there.
  const owner = useSession().data?.user ?? '';
  const [recorded, setRecorded] = useState<FinishedRecording | undefined>();
  const recorder = useRecorder({
    store,
    owner,
    onFinished: (recording) => {
      setRecorded(recording);
      onRecorded(recording.file);
    },
  });
  // Neither the one being made nor the one on the form is "left over".
  const recovered = useRecoveredRecordings(store, owner, ('id' in recorder.state ? recorder.state.id : undefined) ?? recorded?.id);

  /** The server holds it (or the user threw it away): the browser's copy goes. */
  const forget = async (id: string): Promise<void> => {
    await recovered.remove(id);
    setRecorded((current) => (current?.id === id ? undefined : current));
  };

  return {
    recorder,
    recorded,
    recovered: recovered.recordings,
    /** The store id of `file` when it is the recording just made here. */
    idOf: (file: File | null): string | undefined => (file && recorded?.file === file ? recorded.id : undefined),
    forget,
    /** Keeps the live text with the copy of the recording being made, or of the one just made (issue 29). */
    keepLiveText(text: string): void {
      const id = ('id' in recorder.state ? recorder.state.id : undefined) ?? recorded?.id;
      if (id) void store.keepLiveText(id, text).catch(() => {});
    },
    /** The recording is no longer the chosen file (it went to the queue): its copy stays until `forget`. */
    letGo: () => setRecorded(undefined),
    /** A left-over recording as a File; undefined, and discarded, when nothing of it was kept. */
    async readRecovered(recording: StoredRecording): Promise<File | undefined> {
      const blob = await store.read(recording.id).catch(() => undefined);
      if (blob && blob.size > 0) return new File([blob], recording.filename, { type: blob.type.split(';')[0] });
      await forget(recording.id);
      return undefined;
    },
  };
}
