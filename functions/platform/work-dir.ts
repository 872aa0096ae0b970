/**
 * Temporary folders of the engines (converted audio, text for a translator): one per use, removed after it.
 * They live under WORK_DIR when set (the local app: `<data>/work`, owner-only, swept at start and daily
 * in case a stopped app left one behind, infra/local/sweep.ts), else the system's temp folder (Lambda's /tmp).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { workRoot } from './config';

export async function withWorkDir<T>(prefix: string, work: (dir: string) => Promise<T>): Promise<T> {
  const root = workRoot();
  await mkdir(root, { recursive: true, mode: 0o700 });
  const dir = await mkdtemp(join(root, `${prefix}-`));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
