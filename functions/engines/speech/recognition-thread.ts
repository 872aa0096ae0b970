/**
 * Recognition in a worker thread of its own (recognition-worker.ts). Loading a model and running it are
 * synchronous native calls, and levels, voice activity and speaker features are long loops: in the app's
 * thread they stopped every user's requests for seconds at a time while a job ran. The worker starts on
 * the first request and keeps its models while requests come; it holds the process open only while a
 * request is in progress.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { EngineError, type EngineErrorCode } from '../engine-error';
import type { LocalTranscription, RecognitionRequest, Recognizer } from './recognition';

/** What the worker posts back for a request: progress, then its result or why it failed. */
export type WorkerMessage =
  | { kind: 'progress'; progress: number }
  | { kind: 'done'; result: LocalTranscription }
  | { kind: 'failed'; message: string; code?: EngineErrorCode };

/**
 * An idle worker ends after this long, and its models with it (a few hundred MB); the next request loads
 * them again, in a few seconds. It also ends the workers of engines no one holds any more (a test file's).
 */
const IDLE_MS = 2 * 60_000;

interface Pending {
  resolve: (result: LocalTranscription) => void;
  reject: (error: Error) => void;
  onProgress: (progress: number) => void;
}

export class WorkerRecognizer implements Recognizer {
  private worker: Worker | undefined;
  private pending: Pending | undefined;
  private idle: NodeJS.Timeout | undefined;

  /** One request at a time, as in LocalRecognizer (the voice detector keeps state while it runs). */
  recognize(request: RecognitionRequest, onProgress: (progress: number) => void): Promise<LocalTranscription> {
    if (this.pending) return Promise.reject(new Error('The speech worker is already recognising a recording.'));
    clearTimeout(this.idle);
    const worker = this.thread();
    worker.ref();
    return new Promise<LocalTranscription>((resolve, reject) => {
      this.pending = { resolve, reject, onProgress };
      worker.postMessage(request);
    }).finally(() => {
      this.pending = undefined;
      this.worker?.unref();
      this.idle = setTimeout(() => void this.stop(), IDLE_MS).unref();
    });
  }

  /**
   * Stops the worker (a request in progress fails); the next request starts a new one, even one that comes
   * before this worker has exited (terminate() takes a while: its idle end must not take a new job with it).
   */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.lost(worker, new Error('The speech worker stopped.'));
    await worker.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    // execArgv []: the entry registers its own loader (under `tsx`, the parent's would be registered twice).
    const worker = new Worker(join(__dirname, 'recognition-worker.cjs'), { execArgv: [] });
    // Only the current worker answers: one being stopped may still deliver what it posted before stop(), which
    // belongs to the request stop() failed, not to the next one (it would take the old recording's transcript).
    worker.on('message', (message: WorkerMessage) => {
      if (this.worker === worker) this.answer(message);
    });
    // A worker that dies (a native fault, out of memory) fails the request in progress; the next request starts a new one.
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', (code) => this.lost(worker, new Error(`The speech worker stopped (exit code ${code}).`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private answer(message: WorkerMessage): void {
    if (message.kind === 'progress') return this.pending?.onProgress(message.progress);
    if (message.kind === 'done') return this.pending?.resolve(message.result);
    this.pending?.reject(message.code ? new EngineError(message.code, message.message) : new Error(message.message));
  }

  private lost(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.pending?.reject(error);
  }
}
