/**
 * AWS Ask (issue 30): Amazon Bedrock's Converse API, with the deployment's model, answers a question from the
 * numbered passages only, citing them; the prompt and the reading of the reply are in
 * functions/domain/ask-prompt.ts. A throttled model throws EngineBusyError (the service then shows the passages).
 */
import { BedrockRuntimeClient, ConverseCommand, type ConverseCommandInput } from '@aws-sdk/client-bedrock-runtime';
import { ASK_SYSTEM_PROMPT, askMessage, readAskAnswer, type AskReading } from '../../domain/ask-prompt';
import type { Passage } from '../../domain/passages';
import { METRIC } from '../../domain/usage-metrics';
import { checkedClient } from '../../platform/aws-clients';
import { clientSettings, getConfig } from '../../platform/config';
import { once } from '../../platform/lazy';
import { recordUsage } from '../../platform/metrics';
import { asBusy } from '../engine-error';
import { answerText, recordConverseUsage } from '../summary/aws-bedrock';
import type { AskEngine } from './types';

/** A few short sentences with their citations. */
const MAX_ANSWER_TOKENS = 400;

/** The Converse request; pure, so it is tested without AWS. */
export function buildAskRequest(modelId: string, question: string, passages: readonly Passage[]): ConverseCommandInput {
  return {
    modelId,
    system: [{ text: ASK_SYSTEM_PROMPT }],
    messages: [{ role: 'user', content: [{ text: askMessage(question, passages) }] }],
    inferenceConfig: { maxTokens: MAX_ANSWER_TOKENS, temperature: 0 },
  };
}

const bedrockClient = once(() => checkedClient(new BedrockRuntimeClient(clientSettings(getConfig().BEDROCK_ENDPOINT))));

export interface BedrockAskOptions {
  modelId: string;
  client?: Pick<BedrockRuntimeClient, 'send'>;
}

export class BedrockAskEngine implements AskEngine {
  readonly mode = 'ai';
  private readonly client: Pick<BedrockRuntimeClient, 'send'>;

  constructor(private readonly options: BedrockAskOptions) {
    this.client = options.client ?? bedrockClient();
  }

  async answer(question: string, passages: readonly Passage[]): Promise<AskReading> {
    const output = await this.client.send(new ConverseCommand(buildAskRequest(this.options.modelId, question, passages))).catch((error: unknown) => {
      throw asBusy(error, 'The answer model');
    });
    recordConverseUsage(output);
    recordUsage(METRIC.askInputTokens, output.usage?.inputTokens ?? 0);
    recordUsage(METRIC.askOutputTokens, output.usage?.outputTokens ?? 0);
    return readAskAnswer(answerText(output), passages.length);
  }
}
