/**
 * A helper server run as a child process (the emulators, cognito-local in its own folder, the ESM-only
 * Google stand-in): it reports `{type: 'ready', ...}` over IPC once listening; its other messages go to
 * `onMessage`. The child runs in its own process group, so only this process stops it (a terminal's Ctrl-C
 * is not a crash); the IPC channel also ends the child when this process dies. A supervised child that
 * dies (a fault in an emulator) is started again, with the settings `restartEnv` gives (its port), so
 * that no emulator error ends the app.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

const START_TIMEOUT_MS = 30_000;
const RESTART_DELAY_MS = 500;
/** How much of a child's error output is kept to explain a failed start or a crash. */
const ERROR_TAIL_CHARS = 10_000;

export interface ChildService<Ready> {
  ready: Ready;
  /** The running child's process id (it changes when a supervised child is restarted). */
  pid(): number | undefined;
  stop(): Promise<void>;
}

export interface ChildServiceOptions<Ready> {
  /** Named in start-up errors. */
  label: string;
  cwd?: string;
  env?: Record<string, string>;
  /** Pass the child's standard output through (its own error log). */
  showOutput?: boolean;
  onMessage?: (message: unknown) => void;
  /** Supervise: restart the child when it dies, with these settings added (e.g. the port it had). */
  restartEnv?: (ready: Ready) => Record<string, string>;
}

export async function startChildService<Ready extends { type: 'ready' }>(script: string, options: ChildServiceOptions<Ready>): Promise<ChildService<Ready>> {
  let child = spawnChild(script, options, options.env);
  const ready = await readyMessage<Ready>(child, options);
  let stopping = false;

  const restart = async (): Promise<void> => {
    while (!stopping) {
      child = spawnChild(script, options, { ...options.env, ...options.restartEnv!(ready) });
      try {
        await readyMessage(child, options);
        console.error(`[local] ${options.label} was restarted.`);
        return supervise(child);
      } catch (error) {
        console.error(`[local] ${options.label} could not be restarted yet: ${(error as Error).message.split('\n')[0]}`);
        await new Promise((resolve) => setTimeout(resolve, RESTART_DELAY_MS));
      }
    }
  };
  const supervise = (running: ChildProcess): void => {
    // Its last error output says why it died: shown with the restart, so that the fault can be found.
    const errors = errorTail(running);
    running.once('exit', (code, signal) => {
      if (stopping || !options.restartEnv) return;
      console.error(`[local] ${options.label} stopped unexpectedly (${signal ?? `code ${code}`}); restarting it.\n${errors()}`.trimEnd());
      void restart();
    });
  };
  supervise(child);

  return {
    ready,
    pid: () => child.pid,
    stop: async () => {
      stopping = true;
      await stopChild(child);
    },
  };
}

function spawnChild(script: string, options: ChildServiceOptions<never>, env: Record<string, string> | undefined): ChildProcess {
  return spawn(process.execPath, [script], {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: { ...process.env, ...env },
    stdio: ['ignore', options.showOutput ? 'inherit' : 'ignore', 'pipe', 'ipc'],
    // Its own process group: a Ctrl-C in the terminal (SIGINT to the foreground group) reaches this
    // process only, which stops the child itself; otherwise the child's death by that SIGINT would look
    // like a crash and be restarted while the app stops. The IPC channel still ends it if this process dies.
    detached: true,
  });
}

async function readyMessage<Ready>(child: ChildProcess, options: ChildServiceOptions<never>): Promise<Ready> {
  const errors = errorTail(child);
  return new Promise<Ready>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${options.label} did not start within ${START_TIMEOUT_MS / 1000} s:\n${errors()}`)), START_TIMEOUT_MS);
    let started = false;
    child.on('message', (message: { type?: string }) => {
      if (message.type === 'ready' && !started) {
        started = true;
        clearTimeout(timer);
        resolve(message as Ready);
      } else {
        options.onMessage?.(message);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!started) reject(new Error(`${options.label} exited (code ${code}) before it was ready:\n${errors()}`));
    });
  });
}

/** The end of what `child` writes to its standard error from now on (why it failed to start, or died). */
function errorTail(child: ChildProcess): () => string {
  let tail = '';
  child.stderr!.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString('utf8')).slice(-ERROR_TAIL_CHARS)));
  return () => tail;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
