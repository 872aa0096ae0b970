/**
 * A helper server run as a child process (cognito-local in its own folder, the ESM-only Google
 * stand-in): it reports `{type: 'ready', ...}` over IPC once listening; its other messages go to
 * `onMessage`. The IPC channel also ends the child when this process dies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

const START_TIMEOUT_MS = 30_000;

export interface ChildService<Ready> {
  ready: Ready;
  stop(): Promise<void>;
}

export interface ChildServiceOptions {
  /** Named in start-up errors. */
  label: string;
  cwd?: string;
  env?: Record<string, string>;
  /** Pass the child's standard output through (its own error log). */
  showOutput?: boolean;
  onMessage?: (message: unknown) => void;
}

export async function startChildService<Ready extends { type: 'ready' }>(script: string, options: ChildServiceOptions): Promise<ChildService<Ready>> {
  const child = spawn(process.execPath, [script], {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: { ...process.env, ...options.env },
    stdio: ['ignore', options.showOutput ? 'inherit' : 'ignore', 'pipe', 'ipc'],
  });
  let errors = '';
  // Kept for the start-up error message only.
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString('utf8')).slice(-10_000)));
  const ready = await new Promise<Ready>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${options.label} did not start within ${START_TIMEOUT_MS / 1000} s:\n${errors}`)), START_TIMEOUT_MS);
    child.on('message', (message: { type?: string }) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(message as Ready);
      } else {
        options.onMessage?.(message);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${options.label} exited (code ${code}) before it was ready:\n${errors}`));
    });
  });
  return { ready, stop: () => stopChild(child) };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
