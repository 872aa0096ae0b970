/** The in-browser live engine (issue 29 point 2): a StartLiveEngine on a Web Worker (live.worker.ts). */
import type { LiveEngine, StartLiveEngine } from './engine';
import { liveAssetUrls } from './assets';
import type { LiveWorkerReply, LiveWorkerRequest } from './live.worker';

export const startBrowserEngine: StartLiveEngine = async ({ language, onUpdate, onFailure }) => {
  const worker = new Worker(new URL('./live.worker.ts', import.meta.url), { type: 'module' });
  const send = (message: LiveWorkerRequest, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
  /** Resolves a finish under way. */
  let finished: (() => void) | undefined;
  /** 'starting' until ready; 'ended' once finished, closed, or failed on its own (reported once). */
  let state: 'starting' | 'running' | 'ended' = 'starting';
  const stop = () => {
    worker.terminate();
    finished?.();
  };
  const ready = new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      if (state === 'starting') return reject(error);
      if (state === 'running') {
        state = 'ended';
        onFailure(error);
      }
      stop();
    };
    worker.onmessage = ({ data }: MessageEvent<LiveWorkerReply>) => {
      if (data.kind === 'ready') resolve();
      else if (data.kind === 'update') onUpdate(data.update);
      else if (data.kind === 'finished') stop();
      else fail(new Error(data.reason));
    };
    worker.onerror = (event) => fail(new Error(event.message));
  });
  send({ kind: 'start', language, assets: liveAssetUrls(location.origin) });
  try {
    await ready;
  } catch (error) {
    worker.terminate();
    throw error;
  }
  state = 'running';
  const engine: LiveEngine = {
    push: (samples) => {
      if (state === 'running') send({ kind: 'audio', samples }, [samples.buffer]);
    },
    finish: () =>
      new Promise<void>((resolve) => {
        if (state !== 'running') return resolve();
        state = 'ended';
        finished = resolve;
        send({ kind: 'finish' });
      }),
    close: () => {
      state = 'ended';
      worker.terminate();
    },
  };
  return engine;
};
