/**
 * A recording under way holds a Web Lock in its tab, so another tab of the app does not offer it as
 * left over (and upload half of it) while it is still being made. The browser releases the lock when the
 * tab closes, reloads or crashes: then the recording is offered. Without Web Locks, nothing is held.
 */
const PREFIX = 'scribely-recording-';

/** Holds the lock of recording `id` until the returned function is called. */
export function holdRecordingLock(id: string): () => void {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  void navigator.locks?.request(`${PREFIX}${id}`, () => held).catch(() => {});
  return release;
}

/** The ids of recordings being made in some tab of this browser now. */
export async function recordingsUnderWay(): Promise<Set<string>> {
  try {
    const state = await navigator.locks?.query();
    return new Set((state?.held ?? []).map((lock) => lock.name ?? '').filter((name) => name.startsWith(PREFIX)).map((name) => name.slice(PREFIX.length)));
  } catch {
    return new Set();
  }
}
