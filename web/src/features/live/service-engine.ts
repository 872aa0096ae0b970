/**
 * The live engine of the streaming service (issue 29): the page asks the API for a presigned address
 * (POST /api/live/sessions), streams 16 kHz PCM to it as AudioEvents over a WebSocket, with no server of ours
 * in the path, and shows the TranscriptEvents that come back (partial results replace, final ones commit).
 * When the audio ends, it tells the API how long it streamed (POST /api/live/sessions/{id}/end).
 */
import type { LiveSessionView } from '@contract';
import { apiCall } from '@web/lib/api-client';
import type { LiveEngine, StartLiveEngine } from './engine';
import { audioEvent, pcm16, readServiceMessage } from './event-stream';
import { LIVE_SERVICE_TEXTS } from './service-texts';

/** What the engine talks to: the API's two routes and a WebSocket (the browser's; a test's in Node). */
export interface ServiceConnection {
  open(language: string): Promise<LiveSessionView>;
  end(id: string, seconds: number): Promise<unknown>;
  WebSocket: new (url: string) => WebSocket;
}

const apiConnection = (): ServiceConnection => ({
  open: (language) => apiCall('POST /api/live/sessions', { body: { language } }),
  end: (id, seconds) => apiCall('POST /api/live/sessions/{id}/end', { params: { id }, body: { seconds } }),
  WebSocket: globalThis.WebSocket,
});

/** The service asks for audio in chunks of 50 to 200 ms: 100 ms each. */
const CHUNK_MS = 100;

/** A failure the service reported, or the connection lost, in words for the user (the service's own words kept as the cause). */
export class LiveServiceError extends Error {
  override name = 'LiveServiceError';
}

/** Resolves once the socket is open; rejects when it fails first (an address refused answers 403 to the upgrade). */
function opened(socket: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.onopen = () => resolve();
    socket.onerror = () => reject(new LiveServiceError(LIVE_SERVICE_TEXTS.notConnected));
    socket.onclose = () => reject(new LiveServiceError(LIVE_SERVICE_TEXTS.notConnected));
  });
}

export function serviceEngine(connection: () => ServiceConnection = apiConnection): StartLiveEngine {
  return async ({ language, onUpdate, onFailure }) => {
    const { open, end, WebSocket } = connection();
    const session = await open(language);
    const socket = new WebSocket(session.url);
    socket.binaryType = 'arraybuffer';
    await opened(socket);
    const chunk = Math.round((session.sample_rate * CHUNK_MS) / 1000);
    let pending = new Float32Array(0);
    let sent = 0;
    let failure: Error | undefined;
    let finishing = false;
    let reported = false;
    // The first failure while running is reported once; the page shows the live text stopped.
    const fail = (error: LiveServiceError) => {
      if (failure) return;
      failure = error;
      if (!finishing) onFailure(error);
    };
    const report = () => {
      if (reported) return;
      reported = true;
      // Counting is the server's business within its own bound; a lost report is counted at that bound.
      void end(session.id, sent / session.sample_rate).catch(() => undefined);
    };
    const closed = new Promise<void>((resolve) => {
      socket.onclose = () => {
        // Closed by the service (its time limit, a lost connection) while audio still flows.
        if (!finishing) fail(new LiveServiceError(LIVE_SERVICE_TEXTS.stopped));
        report();
        resolve();
      };
    });
    socket.onerror = () => fail(new LiveServiceError(LIVE_SERVICE_TEXTS.stopped));
    socket.onmessage = (event: MessageEvent<ArrayBuffer>) => {
      const message = readServiceMessage(new Uint8Array(event.data));
      if (message.kind === 'exception') {
        fail(new LiveServiceError(LIVE_SERVICE_TEXTS.stopped, { cause: new Error(`${message.type}: ${message.message}`) }));
        socket.close();
        return;
      }
      message.updates.forEach(onUpdate);
    };
    const send = (samples: Float32Array) => {
      socket.send(audioEvent(pcm16(samples)));
      sent += samples.length;
    };
    const engine: LiveEngine = {
      push(samples) {
        // After a failure (reported through onFailure) the audio has nowhere to go.
        if (failure || finishing) return;
        const joined = new Float32Array(pending.length + samples.length);
        joined.set(pending);
        joined.set(samples, pending.length);
        let at = 0;
        for (; joined.length - at >= chunk; at += chunk) send(joined.subarray(at, at + chunk));
        pending = joined.slice(at);
      },
      async finish() {
        finishing = true;
        if (!failure && socket.readyState === socket.OPEN) {
          if (pending.length > 0) send(pending);
          pending = new Float32Array(0);
          // An empty AudioEvent ends the audio: the service sends its last final results, then closes.
          socket.send(audioEvent(new Uint8Array(0)));
        }
        await closed;
        if (failure) throw failure;
      },
      close() {
        finishing = true;
        socket.close();
        report();
      },
    };
    return engine;
  };
}

/** The page's engine where the deployment streams to the service. */
export const startServiceEngine: StartLiveEngine = serviceEngine();
