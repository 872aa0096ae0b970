/**
 * Ctrl-C of `npm start`: the terminal sends SIGINT to the whole foreground process group. The app stops
 * quietly, its emulators with it: none is taken for crashed and restarted on the way out.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './local-stack';

const ROOT = join(__dirname, '../..');

it('stops on SIGINT to its process group, with no emulator restarted', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'transcribe-ctrl-c-'));
  // Its own process group, as the terminal's foreground job is.
  const app = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'infra/local/main.ts'], {
    cwd: ROOT,
    // Without tsx's cache, as on a fresh clone: a module first required while stopping fails once Ctrl-C has
    // ended the loader's transform service, and a warm cache would hide it.
    env: { ...process.env, PORT: String(await freePort()), LOCAL_DATA_DIR: dataDir, TSX_DISABLE_CACHE: '1' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(app, 'exit');
  let output = '';
  const running = new Promise<void>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Press Ctrl-C to stop.')) resolve();
    };
    app.stdout.on('data', read);
    app.stderr.on('data', read);
  });
  try {
    await Promise.race([running, exited.then(() => Promise.reject(new Error(`The app ended before it ran:\n${output}`)))]);
    process.kill(-app.pid!, 'SIGINT');
    const [code] = await exited;
    expect(output).toContain(`Stopped. Your data stays in ${dataDir}`);
    expect(output).not.toMatch(/stopped unexpectedly|could not be restarted|was restarted/);
    expect(code).toBe(0);
  } finally {
    if (app.exitCode === null && app.signalCode === null) process.kill(-app.pid!, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);
