/** One running app per data folder: the emulators' stores can't be shared between processes. */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`Another copy of the app (process ${pid}) is using ${dataDir}. Stop it first, or give this one its own folder: LOCAL_DATA_DIR=.local-2 npm start`);
    this.name = 'DataDirInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock (a pid file; a stale one from a crashed run is taken over). Returns the release. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'app.pid');
  let holder = NaN;
  try {
    holder = Number(readFileSync(file, 'utf8'));
  } catch {
    // No lock yet.
  }
  if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) throw new DataDirInUseError(dataDir, holder);
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
