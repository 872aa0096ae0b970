/**
 * The local app's stop (infra/local/stack.ts: `npm start`'s Ctrl-C, a test file's teardown) while a recording
 * is being recognised: the speech worker process (recognition-process.ts) ends with it, none is left behind,
 * and the job that was cut short rejects nothing unhandled.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { CLIPS, clipPath } from '../fixtures/real-speech';
import { signedUpBrowser } from './http-client';
import { startTestStack, stopTestStack } from './local-stack';

/** This process's speech workers, by their pids. */
const speechWorkers = (): string[] =>
  execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('recognition-worker'))
    .map((line) => line.trim().split(/\s+/)[0]!);

it('stopping the app during a recognition ends its speech worker, and nothing rejects unhandled', async () => {
  const unhandled: unknown[] = [];
  const hear = (reason: unknown) => void unhandled.push(reason);
  process.on('unhandledRejection', hear);
  try {
    const stack = await startTestStack();
    const ann = await signedUpBrowser(stack, 'shutdown@example.com');
    const form = new FormData();
    // 82 s of speech: still being recognised when the app stops.
    form.append('file', new Blob([readFileSync(clipPath(CLIPS.fleurs))]), 'long.wav');
    form.append('use_ai_summary', 'false');
    const id = (await ann.post('/api/transcribe', form)).body.id as string;
    for (let tries = 0; tries < 600; tries += 1) {
      const view = (await ann.get(`/api/transcripts/${id}`)).body;
      if (view.stage === 'transcribing' || view.status !== 'processing') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(speechWorkers()).toHaveLength(1);
    await stopTestStack(stack);
    expect(speechWorkers()).toEqual([]);
    // The job cut short fails where it was: its rejection is handled in the same turn as the worker's end.
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', hear);
  }
}, 240_000);
