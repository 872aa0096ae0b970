/** The worker thread's side of recognition-thread.ts: one LocalRecognizer, its models loaded once. */
import { parentPort } from 'node:worker_threads';
import { EngineError } from '../engine-error';
import { LocalRecognizer, type RecognitionRequest } from './recognition';
import type { WorkerMessage } from './recognition-thread';

const recognizer = new LocalRecognizer();
const port = parentPort!;
const post = (message: WorkerMessage): void => port.postMessage(message);

port.on('message', (request: RecognitionRequest) => {
  recognizer.recognize(request, (progress) => post({ kind: 'progress', progress })).then(
    (result) => post({ kind: 'done', result }),
    (error: unknown) => post({ kind: 'failed', message: error instanceof Error ? error.message : String(error), ...(error instanceof EngineError ? { code: error.code } : {}) }),
  );
});
