/**
 * Recognition in a process of its own (recognition-worker.ts). Loading a model and running it are
 * synchronous native calls, and levels, voice activity and speaker features are long loops: in the app's
 * thread they stopped every user's requests for seconds at a time while a job ran. And whatever a
 * recording does to the recogniser (its heap runs out, a native fault, the system's out-of-memory killer
 * picking the largest process) ends that process, never the app: the job fails with a message and the
 * next one starts a new process. (A worker thread's resourceLimits did not do it: a large allocation past
 * the limit aborted the whole app.) The process starts on the first request and keeps its models while
 * requests come; it holds the app open only while a request is in progress.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { MESSAGES } from '../../domain/messages';
import { logger } from '../../platform/logger';
import { EngineError, type EngineErrorCode } from '../engine-error';
import type { LocalTranscription, RecognitionRequest, Recognizer } from './recognition';

/** What the worker sends back for a request: progress, then its result or why it failed. */
export type WorkerMessage =
  | { kind: 'progress'; progress: number }
  | { kind: 'done'; result: LocalTranscription }
  | { kind: 'failed'; message: string; code?: EngineErrorCode };

/**
 * An idle worker ends after this long, and its models with it (a few hundred MB); the next request loads
 * them again, in a few seconds. It also ends the workers of engines no one holds any more (a test file's).
 */
const IDLE_MS = 2 * 60_000;

/**
 * The worker's JavaScript heap: the samples are typed arrays read a window at a time, outside it, so it holds
 * little more than the transcript (measured: 32 MB takes 15 minutes of silence); past it, the job fails.
 */
const DEFAULT_HEAP_MB = 256;

export interface ProcessRecognizerOptions {
  /** The worker's JavaScript heap limit (--max-old-space-size). */
  heapMb?: number;
}

interface Pending {
  resolve: (result: LocalTranscription) => void;
  reject: (error: Error) => void;
  onProgress: (progress: number) => void;
}

export class ProcessRecognizer implements Recognizer {
  private worker: ChildProcess | undefined;
  private pending: Pending | undefined;
  private idle: NodeJS.Timeout | undefined;

  constructor(private readonly options: ProcessRecognizerOptions = {}) {}

  /** One request at a time, as in LocalRecognizer (the voice detector keeps state while it runs). */
  recognize(request: RecognitionRequest, onProgress: (progress: number) => void): Promise<LocalTranscription> {
    if (this.pending) return Promise.reject(new Error('The speech worker is already recognising a recording.'));
    clearTimeout(this.idle);
    const worker = this.process();
    holdOpen(worker, true);
    return new Promise<LocalTranscription>((resolve, reject) => {
      this.pending = { resolve, reject, onProgress };
      worker.send(request);
    }).finally(() => {
      this.pending = undefined;
      if (this.worker) holdOpen(this.worker, false);
      this.idle = setTimeout(() => void this.stop(), IDLE_MS).unref();
    });
  }

  /**
   * Stops the worker (a request in progress fails); the next request starts a new one, even one that comes
   * before this worker has exited (its idle end must not take a new job with it).
   */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.lost(worker, new Error('The speech worker stopped.'));
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    await exited;
  }

  private process(): ChildProcess {
    if (this.worker) return this.worker;
    // execArgv: only the heap limit (the entry registers its own loader: under `tsx`, the parent's would be registered twice).
    const worker = fork(join(__dirname, 'recognition-worker.cjs'), [], {
      execArgv: [`--max-old-space-size=${this.options.heapMb ?? DEFAULT_HEAP_MB}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // Only the current worker answers: one being stopped may still deliver what it sent before stop(), which
    // belongs to the request stop() failed, not to the next one (it would take the old recording's transcript).
    worker.on('message', (message: WorkerMessage) => {
      if (this.worker === worker) this.answer(message);
    });
    worker.on('error', (error) => this.lost(worker, error));
    // A worker that ends unasked (out of memory, a native fault, killed) fails the request in progress.
    worker.on('exit', (code, signal) => {
      if (this.worker === worker && this.pending) logger.warn('The speech worker ended during a recording', { code, signal });
      this.lost(worker, new EngineError('failed', MESSAGES.recordingNotProcessed));
    });
    holdOpen(worker, false);
    this.worker = worker;
    return worker;
  }

  private answer(message: WorkerMessage): void {
    if (message.kind === 'progress') return this.pending?.onProgress(message.progress);
    if (message.kind === 'done') return this.pending?.resolve(message.result);
    this.pending?.reject(message.code ? new EngineError(message.code, message.message) : new Error(message.message));
  }

  private lost(worker: ChildProcess, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.pending?.reject(error);
  }
}

/** An idle worker must not keep the app (or a test run) from ending: its process and its channel are unreferenced. */
function holdOpen(worker: ChildProcess, hold: boolean): void {
  if (hold) {
    worker.ref();
    worker.channel?.ref();
  } else {
    worker.unref();
    worker.channel?.unref();
  }
}
