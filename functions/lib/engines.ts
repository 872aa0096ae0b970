/**
 * The engines of DESIGN.md section 7, chosen by deployment mode: part of the composition root with
 * config.ts. Handlers ask for a port (speech, summary, translation, support) and never know which adapter runs.
 */
import type { SpeechEngine } from '../engines/speech/types';
import type { SummaryEngine } from '../engines/summary/types';
import type { SupportEngine } from '../engines/support/types';
import type { TranslationEngine } from '../engines/translation/types';
import { getConfig, runsLocally, setting } from './config';
import { once } from './lazy';
import { downloadTo } from './media-store';

// Local adapters are required only in local mode: their tools and models stay out of the Lambda bundles.
export const speechEngine = once((): SpeechEngine => {
  if (!runsLocally()) return new (require('../engines/speech/aws-transcribe') as typeof import('../engines/speech/aws-transcribe')).AwsTranscribeEngine();
  // One engine per process: its models load once, and its jobs take turns on the cores.
  const { MoonshineSpeechEngine } = require('../engines/speech/local-moonshine') as typeof import('../engines/speech/local-moonshine');
  const { baseSpanish, tinyEnglish } = require('../engines/speech/moonshine') as typeof import('../engines/speech/moonshine');
  return new MoonshineSpeechEngine({
    fetchMedia: (media, destination) => downloadTo(media.key, destination),
    models: { en: tinyEnglish, ...(getConfig().LOCAL_SPANISH_SPEECH === 'on' ? { es: baseSpanish } : {}) },
  });
});

export const summaryEngine = once((): SummaryEngine => {
  if (!runsLocally()) {
    const { BedrockSummaryEngine } = require('../engines/summary/aws-bedrock') as typeof import('../engines/summary/aws-bedrock');
    return new BedrockSummaryEngine({ modelId: setting('BEDROCK_MODEL_ID') });
  }
  return new (require('../engines/summary/local-wink') as typeof import('../engines/summary/local-wink')).WinkSummaryEngine();
});

export const translationEngine = once((): TranslationEngine => {
  if (!runsLocally()) return new (require('../engines/translation/aws-translate') as typeof import('../engines/translation/aws-translate')).AwsTranslateEngine();
  return new (require('../engines/translation/local-apertium') as typeof import('../engines/translation/local-apertium')).ApertiumTranslationEngine();
});

/** Support chat: Bedrock with the FAQ as context (AWS), retrieval over the same FAQ (local). */
export const supportEngine = once((): SupportEngine => {
  if (!runsLocally()) {
    const { BedrockSupportEngine } = require('../engines/support/aws-bedrock') as typeof import('../engines/support/aws-bedrock');
    return new BedrockSupportEngine({ modelId: setting('BEDROCK_MODEL_ID') });
  }
  return new (require('../engines/support/local-faq') as typeof import('../engines/support/local-faq')).LocalFaqSupportEngine();
});
