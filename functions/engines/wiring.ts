/**
 * The engines of docs/architecture.md#engines, chosen by deployment mode: part of the composition root with
 * platform/config.ts. Handlers ask for a port (speech, summary, translation, support, ask) and never know which adapter runs.
 */
import type { AskEngine } from './ask/types';
import type { EmbeddingEngine } from '../domain/embedding';
import type { InProcessVectorBackfill } from './vector-backfill/in-process';
import type { VectorBackfill } from './vector-backfill/types';
import { STREAMING_LANGUAGES, type Language } from '../domain/languages';
import type { SpeechEngine } from './speech/types';
import type { SummaryEngine } from './summary/types';
import type { SupportEngine } from './support/types';
import type { TranslationEngine } from './translation/types';
import { localSpanishSpeech, runsLocally, setting } from '../platform/config';
import { once, onceResolved } from '../platform/lazy';
import { downloadTo } from '../storage/media-store';

/**
 * The local adapters, also the brains of the AWS protocol stand-ins (infra/local/aws-stand-ins.ts), so the
 * AWS path run locally gives the same results. Required only when used: their tools and models stay out of
 * the Lambda bundles.
 */
/** The local speech engines made in this process: the app's stop ends their worker processes. */
const localSpeechEngines = new Set<SpeechEngine>();
/**
 * The vector backfill, once made in this process. Its stop asks only for one that exists: requiring its module at
 * stop time fails after Ctrl-C, which has already ended the TypeScript loader's service (ctrl-c.test).
 */
let madeVectorBackfill: InProcessVectorBackfill | undefined;

export const localEngines = {
  // One engine per process: its models load once, and its jobs take turns on the cores.
  speech: once((): SpeechEngine => {
    const { MoonshineSpeechEngine } = require('./speech/local-moonshine') as typeof import('./speech/local-moonshine');
    const { baseSpanish, tinyEnglish } = require('./speech/moonshine') as typeof import('./speech/moonshine');
    const engine = new MoonshineSpeechEngine({
      fetchMedia: (media, destination) => downloadTo(media.key, destination),
      models: { en: tinyEnglish, ...(localSpanishSpeech() ? { es: baseSpanish } : {}) },
    });
    localSpeechEngines.add(engine);
    return engine;
  }),
  summary: once((): SummaryEngine => new (require('./summary/local-wink') as typeof import('./summary/local-wink')).WinkSummaryEngine()),
  translation: once((): TranslationEngine => new (require('./translation/local-apertium') as typeof import('./translation/local-apertium')).ApertiumTranslationEngine()),
  support: once((): SupportEngine => new (require('./support/local-faq') as typeof import('./support/local-faq')).LocalFaqSupportEngine()),
  ask: once((): AskEngine => new (require('./ask/local-passages') as typeof import('./ask/local-passages')).PassagesAskEngine()),
  /** Sentence vectors, or null when the encoder's packages are not installed (search by meaning is then off). */
  embeddings: onceResolved((): Promise<EmbeddingEngine | null> => (require('./embeddings/local-sentence-encoder') as typeof import('./embeddings/local-sentence-encoder')).loadSentenceEncoder()),
  /** The vector backfill in this process, after the answer (tests await its runs with settled()). */
  vectorBackfill: once((): InProcessVectorBackfill => {
    madeVectorBackfill = new (require('./vector-backfill/in-process') as typeof import('./vector-backfill/in-process')).InProcessVectorBackfill(() => localEngines.embeddings());
    return madeVectorBackfill;
  }),
};

/** Ends a vector backfill running in this process after its batch (the local app's stop, before storage stops). */
export async function stopLocalVectorBackfill(): Promise<void> {
  await madeVectorBackfill?.stop();
}

/** Ends the local engines' worker processes (the local app's stop): none outlives the app, whatever it was doing. */
export async function stopLocalEngines(): Promise<void> {
  await Promise.all([...localSpeechEngines].map((engine) => engine.stop?.()));
}

/**
 * One adapter of a port per process, by deployment mode: the local one, else the AWS one (its module is
 * required only then: a process loads the adapters it runs and no others).
 */
const byMode = <T>(local: () => T, aws: () => T): (() => T) => once((): T => (runsLocally() ? local() : aws()));

export const speechEngine = byMode(localEngines.speech, (): SpeechEngine => new (require('./speech/aws-transcribe') as typeof import('./speech/aws-transcribe')).AwsTranscribeEngine());

export const summaryEngine = byMode(localEngines.summary, (): SummaryEngine => {
  const { BedrockSummaryEngine } = require('./summary/aws-bedrock') as typeof import('./summary/aws-bedrock');
  return new BedrockSummaryEngine({ modelId: setting('BEDROCK_MODEL_ID') });
});

export const translationEngine = byMode(localEngines.translation, (): TranslationEngine => new (require('./translation/aws-translate') as typeof import('./translation/aws-translate')).AwsTranslateEngine());

/** Support chat: Bedrock with the FAQ as context (AWS), retrieval over the same FAQ (local). */
export const supportEngine = byMode(localEngines.support, (): SupportEngine => {
  const { BedrockSupportEngine } = require('./support/aws-bedrock') as typeof import('./support/aws-bedrock');
  return new BedrockSupportEngine({ modelId: setting('BEDROCK_MODEL_ID') });
});

/** Live text through the streaming service (issue 29): Transcribe streaming's languages on AWS; none locally, where the browser's engine is the only one. */
export const liveStreamingLanguages = byMode((): readonly Language[] => [], (): readonly Language[] => STREAMING_LANGUAGES);

/** Search by meaning (issue 30): Titan Text Embeddings V2 (AWS), the local sentence encoder when installed, else none. */
export const embeddingEngine = byMode(localEngines.embeddings, async (): Promise<EmbeddingEngine | null> => new (require('./embeddings/aws-titan') as typeof import('./embeddings/aws-titan')).TitanEmbeddingEngine());

/**
 * Whether search by meaning is on, without loading a model (GET /api/capabilities answers every first page view):
 * Titan is always there (AWS); locally, when the encoder's packages are installed.
 */
export const meaningSearchAvailable = byMode(
  (): boolean => (require('./embeddings/local-sentence-encoder') as typeof import('./embeddings/local-sentence-encoder')).sentenceEncoderInstalled(),
  (): boolean => true,
);

/**
 * Where the vector backfill runs (issue 30, ./vector-backfill/types.ts): in this process
 * after the answer (local), else as a job of its state machine (AWS).
 */
export const vectorBackfill = byMode(localEngines.vectorBackfill, (): VectorBackfill => new (require('./vector-backfill/step-functions') as typeof import('./vector-backfill/step-functions')).VectorBackfillJobs());

/** Ask (issue 30): Bedrock answers from the best passages, citing them (AWS); the best passages are the answer (local). */
export const askEngine = byMode(localEngines.ask, (): AskEngine => {
  const { BedrockAskEngine } = require('./ask/aws-bedrock') as typeof import('./ask/aws-bedrock');
  return new BedrockAskEngine({ modelId: setting('BEDROCK_MODEL_ID') });
});
