/** The worker process's side of recognition-process.ts: one LocalRecognizer, its models loaded once. */
import { EngineError } from '../engine-error';
import { LocalRecognizer, type RecognitionRequest } from './recognition';
import type { WorkerMessage } from './recognition-process';

const recognizer = new LocalRecognizer();
const post = (message: WorkerMessage): void => void process.send?.(message);

process.on('message', (request: RecognitionRequest) => {
  recognizer.recognize(request, (progress) => post({ kind: 'progress', progress })).then(
    (result) => post({ kind: 'done', result }),
    (error: unknown) => post({ kind: 'failed', message: error instanceof Error ? error.message : String(error), ...(error instanceof EngineError ? { code: error.code } : {}) }),
  );
});
// The app has gone (it stopped, or ended without stopping this process): so does its worker.
process.on('disconnect', () => process.exit(0));
