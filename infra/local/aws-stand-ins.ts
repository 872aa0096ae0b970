/**
 * Stand-ins for the services behind the AWS engines, speaking their real wire protocols, so the local stack
 * can run with the AWS adapters and the real SDK clients (`npm run test:aws-path`, docs/architecture.md#engines):
 * - Amazon Transcribe (AWS JSON 1.1): StartTranscriptionJob, GetTranscriptionJob, DeleteTranscriptionJob.
 *   Like the real service, a job fails on a container other than its eight or more than two channels (so the
 *   AWS path proves that PrepareMedia converts them). A job runs the local speech engine through its port, writes Transcribe's JSON to the output location in
 *   the emulated S3 (each word with a confidence, as Transcribe writes them), then emits EventBridge's "Transcribe Job State Change" event.
 * - Amazon Bedrock Runtime (REST JSON): Converse, answered by the local summary or support engine, and Ask's
 *   prompt by a reader of its numbered passages (askReply: it answers from the data block, never obeys it);
 *   InvokeModel for Titan Text Embeddings V2, answered by the local sentence encoder (else a hashed bag of words).
 * - Amazon Translate (AWS JSON 1.1): TranslateText, answered by the local translation engine.
 * - Amazon Transcribe streaming (WebSocket, event stream): ./transcribe-streaming-stand-in.ts (issue 29).
 * Tests inject the failures a real deploy meets: throttling, a failed job, an event that never comes.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once as onceEvent } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttp2Server, type Http2ServerRequest, type Http2ServerResponse, type Http2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { z } from 'zod';
import { EMBEDDING_DIMENSIONS, hashedVector } from '../../functions/domain/embedding';
import { detectMediaType } from '../../functions/domain/media-type';
import { LANGUAGES } from '../../functions/domain/languages';
import { MESSAGES } from '../../functions/domain/messages';
import { terms } from '../../functions/domain/terms';
import { EngineError } from '../../functions/engines/engine-error';
import { s3Client } from '../../functions/platform/aws-clients';
import { localEngines } from '../../functions/engines/wiring';
import { downloadTo } from '../../functions/storage/media-store';
import { withWorkDir } from '../../functions/platform/work-dir';
import type { TranscribeJobStateChange } from '../../functions/workflow/transcribe-events';
import type { TranscribeJson } from '../../functions/domain/transcribe-json';
import { LOOPBACK } from './emulators';
import { startStreamingStandIn, type StreamingStandIn, type StreamingStandInOptions } from './transcribe-streaming-stand-in';

type JobStatus = 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';

interface Job {
  TranscriptionJobName: string;
  TranscriptionJobStatus: JobStatus;
  LanguageCode: string;
  Media: { MediaFileUri: string };
  MediaFormat?: string;
  CreationTime: number;
  StartTime: number;
  CompletionTime?: number;
  FailureReason?: string;
  Transcript?: { TranscriptFileUri: string };
  Settings?: { ShowSpeakerLabels?: boolean; MaxSpeakerLabels?: number };
}

/** What a test can make the stand-ins do. */
export interface StandInFaults {
  /** The next n calls of an operation answer its throttling error (Transcribe: LimitExceededException). */
  throttle(operation: 'StartTranscriptionJob' | 'Converse' | 'TranslateText', times: number): void;
  /** The next Transcribe job fails with this reason, as Transcribe reports a failure. */
  failNextJob(reason: string): void;
  /** The next Transcribe job's words carry this confidence (every other job's are sure: SURE_WORD), as foreign speech gets. */
  nextJobConfidence(confidence: number): void;
  /** Transcribe's job-end events are lost (EventBridge delivers on a best-effort basis). */
  dropEvents(drop: boolean): void;
  /** The next Converse call replies this text, whatever it was asked (a model that strays: an uncited claim). */
  nextReply(text: string): void;
}

export interface AwsStandIns {
  endpoints: { transcribe: string; bedrock: string; translate: string; transcribeStreaming: string };
  /** Transcribe streaming's upgrades asked for (issue 29). */
  streams: StreamingStandIn['connections'];
  faults: StandInFaults;
  /** Every call received, in order (`Transcribe.StartTranscriptionJob`, `Bedrock.Converse`, ...). */
  calls: { operation: string; input: Record<string, unknown> }[];
  /** Every job-end event emitted (dropped ones included). */
  events: TranscribeJobStateChange[];
  /** Resolves when every job started so far has ended and its event (if any) was handled. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface StandInOptions extends StreamingStandInOptions {
  region: string;
  account: string;
  /** EventBridge: where an emitted event goes (the local event bus). */
  emit(event: TranscribeJobStateChange): Promise<void>;
}

class ServiceError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

type Request = IncomingMessage | Http2ServerRequest;
type Response = ServerResponse | Http2ServerResponse;

async function readJson(req: Request): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    throw new ServiceError('SerializationException', 'The request body is not valid JSON.');
  }
}

/** AWS JSON 1.1 answers: the error type in `__type` (and the header the SDK reads first). */
function answerJson11(res: Response, status: number, body: unknown, errorType?: string): void {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': randomUUID(), ...(errorType ? { 'x-amzn-errortype': errorType } : {}) });
  res.end(JSON.stringify(body));
}

/** REST JSON answers (Bedrock Runtime): the error type in its header, the message in the body. */
function answerRest(res: Response, status: number, body: unknown, errorType?: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-requestid': randomUUID(), ...(errorType ? { 'x-amzn-errortype': errorType } : {}) });
  res.end(JSON.stringify(body));
}

const languageOfTranscribeCode = (code: string): string | undefined => LANGUAGES.find((language) => language.transcribe.code === code)?.code;

/** `s3://bucket/key` → its parts. */
function s3Location(uri: unknown): { bucket: string; key: string } {
  const match = typeof uri === 'string' ? /^s3:\/\/([^/]+)\/(.+)$/.exec(uri) : null;
  if (!match) throw new ServiceError('BadRequestException', 'The S3 URI of the media file is not valid.');
  return { bucket: match[1]!, key: match[2]! };
}

const JOB_NAME = /^[0-9a-zA-Z._-]+$/;

/** The containers Amazon Transcribe reads (its MediaFormat values), by the extension our byte check gives them. */
const TRANSCRIBE_CONTAINERS: Record<string, string> = { mp3: 'mp3', mp4: 'mp4', m4a: 'm4a', wav: 'wav', flac: 'flac', ogg: 'ogg', opus: 'ogg', amr: 'amr', webm: 'webm' };
const TRANSCRIBE_MAX_CHANNELS = 2;
/** The sample rates Transcribe reads (docs.aws.amazon.com/transcribe/latest/dg/how-input.html): 8 kHz, or 16 to 48 kHz. */
const readsSampleRate = (rate: number): boolean => rate === 8000 || (rate >= 16_000 && rate <= 48_000);

/**
 * Why real Transcribe would fail the job on this media, if it would: the container from its bytes, the channels
 * and sample rate from Debian's ffprobe (another tool than the app's conversion, so the app's own reading is not
 * what judges it).
 */
async function mediaRefusal(media: { bucket: string; key: string }, mediaFormat: string | undefined): Promise<string | undefined> {
  return withWorkDir('transcribe-stand-in', async (dir) => {
    const file = join(dir, 'media');
    await downloadTo(media.key, file);
    const container = TRANSCRIBE_CONTAINERS[detectMediaType((await readFile(file)).subarray(0, 64 * 1024))?.extension ?? ''];
    if (!container) return 'Unsupported media format. Check the media format of your file and try your request again.';
    if (mediaFormat && mediaFormat !== container) return "The media format that you specified doesn't match the detected media format. Check the media format and try your request again.";
    const { stdout } = await promisify(execFile)('ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=channels,sample_rate', '-of', 'json', file]);
    const stream = (JSON.parse(stdout) as { streams?: { channels?: number; sample_rate?: string }[] }).streams?.[0];
    const channels = stream?.channels ?? 0;
    if (channels > TRANSCRIBE_MAX_CHANNELS) return `Unsupported number of audio channels: ${channels}. Amazon Transcribe supports up to ${TRANSCRIBE_MAX_CHANNELS} channels.`;
    const rate = Number(stream?.sample_rate ?? 0);
    if (!readsSampleRate(rate)) return `Unsupported sample rate: ${rate} Hz. Use 8,000 Hz, or 16,000 to 48,000 Hz.`;
    return undefined;
  });
}

/** What the stand-ins keep between calls: Transcribe's jobs, the calls and events seen, and the faults a test set. */
interface StandInState {
  jobs: Map<string, Job>;
  running: Set<Promise<void>>;
  calls: AwsStandIns['calls'];
  events: TranscribeJobStateChange[];
  throttles: Map<string, number>;
  failNext?: string;
  nextConfidence?: number;
  nextReply?: string;
  dropEvents: boolean;
}

/** True when a test asked for this call of `operation` to be throttled (and counts it). */
function throttled(state: StandInState, operation: string): boolean {
  const left = state.throttles.get(operation) ?? 0;
  if (left > 0) state.throttles.set(operation, left - 1);
  return left > 0;
}

/** EventBridge's "Transcribe Job State Change" event for a job that ended. */
function jobStateChange(job: Job, options: StandInOptions): TranscribeJobStateChange {
  const status = job.TranscriptionJobStatus as 'COMPLETED' | 'FAILED';
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Transcribe Job State Change',
    source: 'aws.transcribe',
    account: options.account,
    time: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    region: options.region,
    resources: [],
    detail: { TranscriptionJobName: job.TranscriptionJobName, TranscriptionJobStatus: status, ...(job.FailureReason ? { FailureReason: job.FailureReason } : {}) },
  };
}

/** How sure Transcribe is of a word of clear speech in the language it was told. */
const SURE_WORD = 0.96;

/** The local engine's result as Transcribe writes it: every word with a confidence (punctuation's is 0). */
function withConfidence(transcript: TranscribeJson, confidence: number): TranscribeJson {
  const items = transcript.results.items.map((item) => ({ ...item, alternatives: item.alternatives.map((alternative) => ({ ...alternative, confidence: String(item.type === 'pronunciation' ? confidence : 0) })) }));
  return { ...transcript, results: { ...transcript.results, items } };
}

/** Runs a job through the local speech engine, writes Transcribe's JSON where it was asked to, and emits its end event. */
async function runJob(state: StandInState, options: StandInOptions, job: Job, output: { bucket: string; key: string }, failure: string | undefined, confidence: number): Promise<void> {
  try {
    if (failure) throw new EngineError('failed', failure);
    const media = s3Location(job.Media.MediaFileUri);
    const refusal = await mediaRefusal(media, job.MediaFormat);
    if (refusal) throw new EngineError('bad-media', refusal);
    const started = await localEngines.speech().start({
      jobName: job.TranscriptionJobName,
      media,
      language: languageOfTranscribeCode(job.LanguageCode) ?? job.LanguageCode,
      diarization: job.Settings?.ShowSpeakerLabels ?? false,
      ...(job.Settings?.MaxSpeakerLabels ? { maxSpeakers: job.Settings.MaxSpeakerLabels } : {}),
      output,
    });
    if (started.status !== 'completed') throw new Error('The local speech engine did not finish the job.');
    await s3Client().send(new PutObjectCommand({ Bucket: output.bucket, Key: output.key, Body: JSON.stringify(withConfidence(started.transcript, confidence)), ContentType: 'application/json' }));
    Object.assign(job, { TranscriptionJobStatus: 'COMPLETED', CompletionTime: Date.now() / 1000, Transcript: { TranscriptFileUri: `https://s3.${options.region}.amazonaws.com/${output.bucket}/${output.key}` } });
  } catch (error) {
    Object.assign(job, { TranscriptionJobStatus: 'FAILED', CompletionTime: Date.now() / 1000, FailureReason: (error as Error).message });
  }
  const event = jobStateChange(job, options);
  state.events.push(event);
  if (state.dropEvents) return;
  // EventBridge retries a failed target later; here the failure is reported and the wait's bound takes over.
  await options.emit(event).catch((error: Error) => console.error(`The Transcribe stand-in's event for ${job.TranscriptionJobName} was not handled: ${error.message}`));
}

/** StartTranscriptionJob: checks the request as Transcribe does, then runs the job in the background. */
function startTranscriptionJob(state: StandInState, options: StandInOptions, input: Record<string, unknown>): unknown {
  if (throttled(state, 'StartTranscriptionJob')) throw new ServiceError('LimitExceededException', 'You have exceeded the maximum number of concurrent transcription jobs. Try again later.');
  const name = String(input.TranscriptionJobName ?? '');
  if (!JOB_NAME.test(name)) throw new ServiceError('BadRequestException', 'The job name is not valid.');
  if (state.jobs.has(name)) throw new ServiceError('ConflictException', 'The requested job name already exists. Use a different job name.');
  if (typeof input.LanguageCode !== 'string') throw new ServiceError('BadRequestException', 'A language code is required (the stand-in does not identify languages).');
  if (typeof input.OutputBucketName !== 'string' || typeof input.OutputKey !== 'string') throw new ServiceError('BadRequestException', 'The stand-in writes only to an output bucket and key that you name.');
  s3Location((input.Media as { MediaFileUri?: unknown } | undefined)?.MediaFileUri);
  const now = Date.now() / 1000;
  const job: Job = {
    TranscriptionJobName: name,
    TranscriptionJobStatus: 'IN_PROGRESS',
    LanguageCode: input.LanguageCode,
    Media: input.Media as Job['Media'],
    ...(typeof input.MediaFormat === 'string' ? { MediaFormat: input.MediaFormat } : {}),
    ...(input.Settings ? { Settings: input.Settings as Job['Settings'] } : {}),
    CreationTime: now,
    StartTime: now,
  };
  state.jobs.set(name, job);
  const failure = state.failNext;
  const confidence = state.nextConfidence ?? SURE_WORD;
  state.failNext = state.nextConfidence = undefined;
  const run = runJob(state, options, job, { bucket: input.OutputBucketName, key: input.OutputKey }, failure, confidence);
  state.running.add(run);
  void run.finally(() => state.running.delete(run));
  return { TranscriptionJob: { ...job } };
}

type Operations = Record<string, (input: Record<string, unknown>) => unknown>;

/** Amazon Transcribe's operations the app calls. */
const transcribeOperations = (state: StandInState, options: StandInOptions): Operations => ({
  StartTranscriptionJob: (input) => startTranscriptionJob(state, options, input),
  GetTranscriptionJob: (input) => {
    const job = state.jobs.get(String(input.TranscriptionJobName ?? ''));
    if (!job) throw new ServiceError('NotFoundException', "The requested job couldn't be found. Check the job name and try your request again.");
    return { TranscriptionJob: { ...job } };
  },
  DeleteTranscriptionJob: (input) => {
    state.jobs.delete(String(input.TranscriptionJobName ?? ''));
    return {};
  },
});

/** Amazon Translate's TranslateText, answered by the local translation engine. */
async function translateText(state: StandInState, input: Record<string, unknown>): Promise<unknown> {
  if (throttled(state, 'TranslateText')) throw new ServiceError('TooManyRequestsException', 'You have made too many requests within a short period of time. Wait for a short time and then try your request again.');
  const text = String(input.Text ?? '');
  const source = String(input.SourceLanguageCode ?? 'auto');
  const target = String(input.TargetLanguageCode ?? '');
  try {
    const translated = await localEngines.translation().translate(text, target, source === 'auto' ? undefined : source);
    return { TranslatedText: translated, SourceLanguageCode: source === 'auto' ? 'en' : source, TargetLanguageCode: target };
  } catch (error) {
    if (error instanceof EngineError && error.code === 'unsupported-language') throw new ServiceError('UnsupportedLanguagePairException', `Unsupported language pair: ${source} to ${target}.`);
    throw new ServiceError('InternalServerException', (error as Error).message, 500);
  }
}

/**
 * Ask's prompt (issue 30) as a model that follows only the system prompt would answer it: from the numbered
 * passages of the data block, the passage(s) sharing the most words with the question, its best sentence with
 * their numbers; "The recordings don't say." when none shares a word. Nothing inside the block is obeyed.
 */
function askReply(passagesBlock: string, question: string): string {
  const asked = new Set(terms(question));
  const scored = [...passagesBlock.matchAll(/^\[(\d+)\] \([^)]*\) (.*)$/gm)].map(([, number, text]) => ({ number: number!, text: text!, shared: new Set(terms(text!).filter((term) => asked.has(term))).size }));
  const best = Math.max(0, ...scored.map((passage) => passage.shared));
  if (best === 0) return MESSAGES.askNoAnswer;
  const cited = scored.filter((passage) => passage.shared === best);
  const sentence = cited[0]!.text.split(/(?<=[.!?])\s+/).sort((a, b) => terms(b).filter((term) => asked.has(term)).length - terms(a).filter((term) => asked.has(term)).length)[0]!;
  return `${sentence.replace(/[.!?]+$/, '')} ${cited.map((passage) => `[${passage.number}]`).join('')}.`;
}

/** Bedrock's Converse: a model that reads our prompts, a transcript to summarise as JSON or as a template's lines, a question about the user's passages or about the product. */
async function converse(state: StandInState, body: Record<string, unknown>): Promise<unknown> {
  if (throttled(state, 'Converse')) throw new ServiceError('ThrottlingException', 'Too many requests, please wait before trying again.', 429);
  const messages = (body.messages as { content?: { text?: string }[] }[] | undefined) ?? [];
  const text = messages.flatMap((message) => message.content ?? []).map((block) => block.text ?? '').join('\n');
  const transcript = /<transcript>\n?([\s\S]*?)\n?<\/transcript>/.exec(text)?.[1];
  const question = /<question>\n?([\s\S]*?)\n?<\/question>/.exec(text)?.[1];
  const passages = /<passages>\n?([\s\S]*?)\n?<\/passages>/.exec(text)?.[1];
  let reply: string;
  const system = ((body.system as { text?: string }[] | undefined) ?? []).map((block) => block.text ?? '').join('\n');
  const straying = state.nextReply;
  state.nextReply = undefined;
  if (straying !== undefined) reply = straying;
  else if (passages !== undefined && question !== undefined) reply = askReply(passages, question);
  // Issue 30: a summary template's prompt asks for text lines; the local key points stand in for any template.
  else if (transcript !== undefined && /one item per line/.test(system)) reply = (await localEngines.summary().summarize(transcript)).summary.join('\n');
  else if (transcript !== undefined) reply = JSON.stringify(await localEngines.summary().summarize(transcript));
  else if (question !== undefined) reply = await localEngines.support().answer(question);
  else throw new ServiceError('ValidationException', 'The stand-in model answers only the app\'s summary and support prompts.');
  const inputTokens = Math.ceil(text.length / 4);
  const outputTokens = Math.ceil(reply.length / 4);
  return {
    output: { message: { role: 'assistant', content: [{ text: reply }] } },
    stopReason: 'end_turn',
    usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
    metrics: { latencyMs: 1 },
  };
}

const TitanRequest = z.object({ inputText: z.string().min(1), dimensions: z.union([z.literal(256), z.literal(512), z.literal(1024)]).optional(), normalize: z.boolean().optional() });

/**
 * Bedrock's InvokeModel for Titan Text Embeddings V2 (search by meaning): the local sentence encoder's
 * vector when it is installed, else a hashed bag of the text's words (deterministic, words not meaning).
 */
async function invokeModel(modelId: string, body: Record<string, unknown>): Promise<unknown> {
  const input = TitanRequest.safeParse(body);
  if (!modelId.startsWith('amazon.titan-embed-text-v2') || !input.success) throw new ServiceError('ValidationException', 'The stand-in model answers only Titan Text Embeddings V2 requests.');
  const dimensions = input.data.dimensions ?? 1024;
  const encoder = dimensions === EMBEDDING_DIMENSIONS ? await localEngines.embeddings() : null;
  const vector = encoder ? (await encoder.embed([input.data.inputText]))[0]! : hashedVector(input.data.inputText, dimensions);
  return { embedding: [...vector], inputTextTokenCount: Math.ceil(input.data.inputText.length / 4) };
}


/** One handler for every stand-in: routes a call to its operation (recording it) and answers in the service's protocol. */
function handlerOf(state: StandInState, options: StandInOptions): (req: Request, res: Response) => void {
  const transcribe = transcribeOperations(state, options);
  const translate: Operations = { TranslateText: (input) => translateText(state, input) };
  return (req, res) => {
    void (async () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      const [service, operation] = target.split('.') as [string, string | undefined];
      const rest = /^\/model\/([^/]+)\/(converse|invoke)$/.exec(req.url ?? '');
      try {
        const input = await readJson(req);
        if (rest && req.method === 'POST') {
          const modelId = decodeURIComponent(rest[1]!);
          const invoke = rest[2] === 'invoke';
          state.calls.push({ operation: invoke ? 'Bedrock.InvokeModel' : 'Bedrock.Converse', input: { modelId, ...input } });
          return answerRest(res, 200, invoke ? await invokeModel(modelId, input) : await converse(state, input));
        }
        state.calls.push({ operation: target, input });
        if (service === 'Transcribe' && operation && transcribe[operation]) return answerJson11(res, 200, transcribe[operation](input));
        if (service === 'AWSShineFrontendService_20170701' && operation && translate[operation]) return answerJson11(res, 200, await translate[operation](input));
        throw new ServiceError('UnknownOperationException', `The stand-ins do not serve ${target || req.url}.`);
      } catch (error) {
        const failure = error instanceof ServiceError ? error : new ServiceError('InternalFailureException', (error as Error).message, 500);
        if (rest) return answerRest(res, failure.status, { message: failure.message }, failure.type);
        return answerJson11(res, failure.status, { __type: failure.type, Message: failure.message }, failure.type);
      }
    })();
  };
}

/** Serves `handle` on loopback over HTTP/1.1 (Transcribe, Translate) and cleartext HTTP/2 (the Bedrock Runtime client speaks only that). */
async function listenTwice(handle: (req: Request, res: Response) => void): Promise<{ endpoint: string; http2Endpoint: string; close(): Promise<void> }> {
  const server = createServer(handle);
  const http2Server = createHttp2Server(handle);
  const sessions = new Set<Http2Session>();
  http2Server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.listen(0, LOOPBACK);
  http2Server.listen(0, LOOPBACK);
  await Promise.all([onceEvent(server, 'listening'), onceEvent(http2Server, 'listening')]);
  return {
    endpoint: `http://${LOOPBACK}:${(server.address() as AddressInfo).port}`,
    http2Endpoint: `http://${LOOPBACK}:${(http2Server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      sessions.forEach((session) => session.destroy());
      await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), new Promise<void>((resolve) => http2Server.close(() => resolve()))]);
    },
  };
}

const faultsOf = (state: StandInState): StandInFaults => ({
  throttle: (operation, times) => void state.throttles.set(operation, times),
  failNextJob: (reason) => {
    state.failNext = reason;
  },
  nextJobConfidence: (confidence) => {
    state.nextConfidence = confidence;
  },
  dropEvents: (drop) => {
    state.dropEvents = drop;
  },
  nextReply: (text) => {
    state.nextReply = text;
  },
});

export async function startAwsStandIns(options: StandInOptions): Promise<AwsStandIns> {
  const state: StandInState = { jobs: new Map(), running: new Set(), calls: [], events: [], throttles: new Map(), dropEvents: false };
  const [servers, streaming] = await Promise.all([listenTwice(handlerOf(state, options)), startStreamingStandIn(options)]);
  return {
    endpoints: { transcribe: servers.endpoint, bedrock: servers.http2Endpoint, translate: servers.endpoint, transcribeStreaming: streaming.endpoint },
    streams: streaming.connections,
    calls: state.calls,
    events: state.events,
    faults: faultsOf(state),
    idle: async () => {
      while (state.running.size > 0) await Promise.allSettled([...state.running]);
    },
    stop: async () => {
      await Promise.all([servers.close(), streaming.stop()]);
      await Promise.allSettled([...state.running]);
    },
  };
}
