/**
 * A stand-in for Amazon Transcribe streaming's WebSocket (StartStreamTranscriptionWebSocket, issue 29), on
 * loopback, for the AWS path: like the service, it refuses an upgrade whose SigV4 query signature is wrong or
 * expired with HTTP 403; then it reads AudioEvents of 16 kHz PCM in the event-stream framing and answers
 * TranscriptEvents, written by the local speech engine's Moonshine model: a partial result each
 * PARTIAL_EVERY_SECONDS of an utterance, a final one at each pause and at the end of the audio (an empty
 * AudioEvent), after which it closes the stream.
 */
import { timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { Sha256 } from '@aws-crypto/sha256-js';
import { EventStreamCodec, type MessageHeaders } from '@smithy/core/event-streams';
import { SignatureV4 } from '@smithy/signature-v4';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { WebSocketServer, type WebSocket } from 'ws';
import { languageOfTranscribeCode } from '../../functions/domain/languages';
import { baseSpanish, MoonshineModel, tinyEnglish, type MoonshineModelSpec } from '../../functions/engines/speech/moonshine';
import { localEngines } from '../../functions/engines/wiring';
import { STREAM_PATH, STREAM_SAMPLE_RATE } from '../../functions/services/live/stream-address';
import { LOOPBACK } from './emulators';

export interface StreamingStandInOptions {
  region: string;
  /** The key the app signs addresses with (read when a stream connects: the app's settings come after the stand-in). */
  credentials: () => { accessKeyId: string; secretAccessKey: string };
}

export interface StreamingStandIn {
  /** ws://127.0.0.1:<port> */
  endpoint: string;
  /** Every upgrade asked for: its language and, when refused, why. */
  connections: { languageCode: string | null; refused?: string }[];
  stop(): Promise<void>;
}

const codec = new EventStreamCodec(toUtf8, fromUtf8);
const string = (value: string) => ({ type: 'string' as const, value });

/** The local model of each language the local speech engine transcribes. */
const MODEL_SPECS: Record<string, () => MoonshineModelSpec> = { en: tinyEnglish, es: baseSpanish };
const models = new Map<string, Promise<MoonshineModel>>();
const modelOf = (code: string): Promise<MoonshineModel> => {
  if (!models.has(code)) models.set(code, MoonshineModel.load(MODEL_SPECS[code]!(), 1));
  return models.get(code)!;
};

/** 20 ms frames; a frame is speech above this level (of full scale, RMS), and this many quiet frames end an utterance. */
const FRAME = 320;
const SPEECH_LEVEL = 0.015;
const PAUSE_FRAMES = 20;
const PARTIAL_EVERY_SECONDS = 1.5;

const SIGNING_PARAMS = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature'];

/** `20261128T043000Z` → its time. */
const amzDate = (value: string): number => Date.UTC(+value.slice(0, 4), +value.slice(4, 6) - 1, +value.slice(6, 8), +value.slice(9, 11), +value.slice(11, 13), +value.slice(13, 15));

/** Why Transcribe streaming would refuse this upgrade, if it would: the path, the expiry, the signature. */
async function refusalOf(req: IncomingMessage, options: StreamingStandInOptions): Promise<string | undefined> {
  const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
  if (url.pathname !== STREAM_PATH) return 'No such path.';
  const query = Object.fromEntries(url.searchParams);
  const signature = query['X-Amz-Signature'];
  const date = query['X-Amz-Date'];
  const expires = Number(query['X-Amz-Expires']);
  if (!signature || !date || !Number.isInteger(expires)) return 'The request is not signed.';
  if (Date.now() > amzDate(date) + expires * 1000) return 'The signature has expired.';
  const unsigned = Object.fromEntries(Object.entries(query).filter(([key]) => !SIGNING_PARAMS.includes(key)));
  const signer = new SignatureV4({ service: 'transcribe', region: options.region, credentials: options.credentials(), sha256: Sha256 });
  const expected = await signer.presign(
    { method: 'GET', protocol: 'ws:', hostname: url.hostname, port: Number(url.port), path: STREAM_PATH, headers: { host: req.headers.host ?? '' }, query: unsigned },
    { expiresIn: expires, signingDate: new Date(amzDate(date)) },
  );
  const wanted = Buffer.from(String(expected.query?.['X-Amz-Signature']));
  const given = Buffer.from(signature);
  if (wanted.length !== given.length || !timingSafeEqual(wanted, given) || expected.query?.['X-Amz-Credential'] !== query['X-Amz-Credential']) {
    return 'The request signature we calculated does not match the signature you provided.';
  }
  return undefined;
}

/** Answers an upgrade as the service does when it refuses one: 403, and the connection closed. */
function refuse(socket: Duplex, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

function send(ws: WebSocket, headers: MessageHeaders, body: unknown): void {
  ws.send(codec.encode({ headers, body: fromUtf8(JSON.stringify(body)) }));
}

const sendException = (ws: WebSocket, type: string, message: string): void =>
  send(ws, { ':message-type': string('exception'), ':exception-type': string(type), ':content-type': string('application/json') }, { Message: message });

/** One stream: utterances split at pauses, each recognised whole as it grows (partials) and when it ends (final). */
function stream(ws: WebSocket, languageCode: string): void {
  const iso = languageOfTranscribeCode(languageCode)?.code;
  if (!iso || !MODEL_SPECS[iso] || !localEngines.speech().capabilities().languages.includes(iso)) {
    sendException(ws, 'BadRequestException', `The stand-in has no local model for ${languageCode}.`);
    ws.close(1000);
    return;
  }
  let utterance: number[] = [];
  let startSample = 0;
  let heard = 0;
  let quiet = 0;
  let spoken = false;
  let sinceReport = 0;
  let resultId = 0;
  let work = Promise.resolve();
  const result = async (isPartial: boolean) => {
    const samples = Float32Array.from(utterance);
    const { text } = await (await modelOf(iso)).recognize(samples);
    if (!text.trim()) return;
    const id = `stand-in-${resultId}`;
    send(ws, { ':message-type': string('event'), ':event-type': string('TranscriptEvent'), ':content-type': string('application/json') }, {
      Transcript: { Results: [{ ResultId: id, StartTime: startSample / STREAM_SAMPLE_RATE, EndTime: (startSample + samples.length) / STREAM_SAMPLE_RATE, IsPartial: isPartial, Alternatives: [{ Transcript: text.trim(), Items: [] }] }] },
    });
  };
  const commit = async () => {
    if (spoken) {
      await result(false);
      resultId += 1;
    }
    startSample = heard;
    utterance = [];
    spoken = false;
    quiet = 0;
    sinceReport = 0;
  };
  const hear = async (pcm: Uint8Array) => {
    const view = new DataView(pcm.buffer, pcm.byteOffset, pcm.byteLength);
    for (let at = 0; at + 1 < pcm.byteLength; at += 2) {
      utterance.push(view.getInt16(at, true) / 0x8000);
      heard += 1;
      sinceReport += 1;
      if (utterance.length % FRAME !== 0) continue;
      const frame = utterance.slice(-FRAME);
      const level = Math.sqrt(frame.reduce((sum, sample) => sum + sample * sample, 0) / FRAME);
      if (level >= SPEECH_LEVEL) [spoken, quiet] = [true, 0];
      else quiet += 1;
      if (!spoken && quiet >= PAUSE_FRAMES) [utterance, startSample, quiet] = [[], heard, 0];
      else if (spoken && quiet >= PAUSE_FRAMES) await commit();
      else if (spoken && sinceReport >= PARTIAL_EVERY_SECONDS * STREAM_SAMPLE_RATE) {
        sinceReport = 0;
        await result(true);
      }
    }
  };
  ws.on('message', (data) => {
    work = work.then(async () => {
      // One frame a message: the server keeps the default binaryType, so data is a Buffer.
      const { headers, body } = codec.decode(data as Buffer);
      if (headers[':event-type']?.value !== 'AudioEvent') return sendException(ws, 'BadRequestException', 'Only AudioEvents are read.');
      if (body.byteLength > 0) return hear(body);
      await commit();
      ws.close(1000);
    }).catch((error: Error) => {
      sendException(ws, 'InternalFailureException', error.message);
      ws.close(1011);
    });
  });
}

export async function startStreamingStandIn(options: StreamingStandInOptions): Promise<StreamingStandIn> {
  const connections: StreamingStandIn['connections'] = [];
  const server = createServer((_req, res) => res.writeHead(426).end());
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    void refusalOf(req, options).then((refusal) => {
      const languageCode = new URL(req.url ?? '/', 'ws://stand-in').searchParams.get('language-code');
      connections.push({ languageCode, ...(refusal ? { refused: refusal } : {}) });
      if (refusal) return refuse(socket, refusal);
      sockets.handleUpgrade(req, socket, head, (ws) => stream(ws, languageCode ?? ''));
    });
  });
  server.listen(0, LOOPBACK);
  await once(server, 'listening');
  return {
    endpoint: `ws://${LOOPBACK}:${(server.address() as AddressInfo).port}`,
    connections,
    stop: async () => {
      sockets.clients.forEach((ws) => ws.terminate());
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
