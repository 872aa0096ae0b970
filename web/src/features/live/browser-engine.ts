/** The in-browser live engine (issue 29 point 2): a StartLiveEngine on a Web Worker (live.worker.ts). */
import type { LiveEngine, StartLiveEngine } from './engine';
import { liveAssetUrls } from './assets';
import type { LiveWorkerReply, LiveWorkerRequest } from './live.worker';

export const startBrowserEngine: StartLiveEngine = async ({ language, onUpdate }) => {
  const worker = new Worker(new URL('./live.worker.ts', import.meta.url), { type: 'module' });
  const send = (message: LiveWorkerRequest, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
  let finished: (() => void) | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<LiveWorkerReply>) => {
      if (data.kind === 'ready') resolve();
      else if (data.kind === 'update') onUpdate(data.update);
      else if (data.kind === 'finished') finished?.();
      else {
        reject(new Error(data.reason));
        finished?.();
      }
    };
    worker.onerror = (event) => reject(new Error(event.message));
  });
  send({ kind: 'start', language, assets: liveAssetUrls(location.origin) });
  try {
    await ready;
  } catch (error) {
    worker.terminate();
    throw error;
  }
  let ended = false;
  const engine: LiveEngine = {
    push: (samples) => {
      if (!ended) send({ kind: 'audio', samples }, [samples.buffer]);
    },
    finish: () =>
      new Promise<void>((resolve) => {
        ended = true;
        finished = () => {
          worker.terminate();
          resolve();
        };
        send({ kind: 'finish' });
      }),
    close: () => {
      ended = true;
      worker.terminate();
    },
  };
  return engine;
};
