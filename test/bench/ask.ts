/**
 * Ask (docs/benchmark.md, issue 30). Over the API: one user with the search bench's 1,000 ten-minute
 * transcripts (test/bench/search.ts); the first question (it builds the passages of all of them), the p95
 * of POST /api/ask with questions of three to six of their words, and a correction until Ask cites it. Pure:
 * the top-3 citation hit rate of the question set (test/fixtures/ask-questions.ts) over the real-speech
 * fixture transcripts, for the exact words only, similar words only (trigrams) and both fused, and the top-1 rate beside it.
 */
import { MEANING_WEIGHT, PassageIndex, rankPassages, type Signal } from '../../functions/domain/ask-ranking';
import { hashedVector, type EmbeddingEngine } from '../../functions/domain/embedding';
import { passagesOf } from '../../functions/domain/passages';
import { localEngines } from '../../functions/engines/wiring';
import { searchSources } from '../../functions/services/transcripts/search';
import { indexTranscripts } from '../../functions/storage/search-store';
import type { LocalStack } from '../../infra/local/stack';
import { MADE_TRANSCRIPTS } from '../fixtures/ask-made-transcripts';
import { ASK_QUESTIONS, citesMoment, type AskQuestion } from '../fixtures/ask-questions';
import { FIXTURE_TRANSCRIPTS, LIBRARY_TRANSCRIPT } from '../fixtures/ask-transcripts';
import { atLeast, atMost, info, percentile, round, type Figure } from './figures';
import { random, SIZE, storeCorpus, vocabulary } from './search';

const QUESTIONS = 200;

/** What the AWS stand-in answers Titan with when the sentence encoder is not installed (infra/local/aws-stand-ins.ts). */
export const HASHED_ENGINE: EmbeddingEngine = { model: 'hashed-words', embed: async (texts) => texts.map((text) => hashedVector(text)) };

export const ASK_BENCH_TRANSCRIPTS = [...FIXTURE_TRANSCRIPTS, LIBRARY_TRANSCRIPT, ...MADE_TRANSCRIPTS];

/** The top-`limit` hit rate (%) of each signal on the questions of a half, with the passages' and questions' vectors from `engine`. */
export async function askHitRates(engine: EmbeddingEngine | null, options: { limit: number; meaningWeight?: number }): Promise<(signal: Signal, half: AskQuestion['half'], kind?: AskQuestion['kind']) => number> {
  const transcripts = ASK_BENCH_TRANSCRIPTS;
  const passages = transcripts.flatMap((transcript) => passagesOf(transcript.id, transcript.groups));
  const indexes = [new PassageIndex(passages, engine ? await engine.embed(passages.map((passage) => passage.text)) : [])];
  const questions = new Map(await Promise.all(ASK_QUESTIONS.map(async (question) => [question, engine ? (await engine.embed([question.question]))[0] : undefined] as const)));
  return (signal, half, kind) => {
    const asked = ASK_QUESTIONS.filter((question) => question.half === half && (kind === undefined || question.kind === kind));
    const hits = asked.filter((question) => citesMoment(rankPassages(indexes, question.question, { limit: options.limit, signal, meaning: questions.get(question), meaningWeight: options.meaningWeight }), question, transcripts));
    return round((100 * hits.length) / asked.length, 0);
  };
}

export async function measureAskHits(): Promise<Figure[]> {
  const count = (half: AskQuestion['half']) => ASK_QUESTIONS.filter((question) => question.half === half).length;
  const passages = ASK_BENCH_TRANSCRIPTS.reduce((sum, transcript) => sum + passagesOf(transcript.id, transcript.groups).length, 0);
  const set = `${count('held-out')} held-out questions, ${passages} passages`;
  const encoder = await localEngines.embeddings();
  const words = await askHitRates(null, { limit: 3 });
  const wordsFirst = await askHitRates(null, { limit: 1 });
  const figures: Figure[] = [
    info('ask', `search by meaning: local sentence encoder installed (1 yes, 0 no)`, encoder ? 1 : 0, ''),
    atLeast('ask', `top-3 hit rate, words only, held-out (${set})`, words('lexical', 'held-out'), '%', 60),
    info('ask', `top-3 hit rate, words only, tuning half (${count('tuning')} questions)`, words('lexical', 'tuning'), '%'),
    info('ask', 'top-3 hit rate, words only, held-out paraphrases', words('lexical', 'held-out', 'paraphrase'), '%'),
    info('ask', 'top-1 hit rate, words only, held-out', wordsFirst('lexical', 'held-out'), '%'),
  ];
  const engines: Array<[string, EmbeddingEngine]> = [...(encoder ? [['local sentence encoder', encoder] as [string, EmbeddingEngine]] : []), ['AWS stand-in without the encoder (hashed words)', HASHED_ENGINE]];
  for (const [label, engine] of engines) {
    const rates = await askHitRates(engine, { limit: 3 });
    const first = await askHitRates(engine, { limit: 1 });
    figures.push(
      info('ask', `top-1 hit rate, fused (${label}), held-out`, first('fused', 'held-out'), '%'),
      info('ask', `top-3 hit rate, meaning only (${label}), held-out`, rates('meaning', 'held-out'), '%'),
      info('ask', `top-3 hit rate, fused words and meaning (${label}, weight ${MEANING_WEIGHT}), held-out`, rates('fused', 'held-out'), '%'),
      info('ask', `top-3 hit rate, fused (${label}), held-out paraphrases`, rates('fused', 'held-out', 'paraphrase'), '%'),
      info('ask', `top-3 hit rate, meaning only (${label}), tuning half`, rates('meaning', 'tuning'), '%'),
      info('ask', `top-3 hit rate, fused (${label}), tuning half`, rates('fused', 'tuning'), '%'),
    );
  }
  return figures;
}

export async function measureAsk(stack: LocalStack): Promise<Figure[]> {
  const next = random(7);
  const { words, pick } = vocabulary(next);
  const { browser, userId, transcriptIds } = await storeCorpus(stack, 'bench-ask@example.com', pick);
  // The encoder takes about 0.2 s a passage: the corpus's 15,000 passages would take most of an hour. They get
  // hashed vectors of the same size under the encoder's name, so a question is ranked over as many vectors as
  // with the encoder (the question itself and a correction's passages are embedded by the encoder).
  // After a first search, which indexes the words of them all (indexing them again would drop the vectors).
  const encoder = await localEngines.embeddings();
  if ((await browser.get('/api/search?q=warmup')).status !== 200) throw new Error('The first search failed.');
  const seeding = performance.now();
  if (encoder) await indexTranscripts(userId, await searchSources(userId), { model: encoder.model, embed: HASHED_ENGINE.embed });
  const seedMs = performance.now() - seeding;
  const asked = async (question: string) => {
    const answer = await browser.post('/api/ask', { question });
    if (answer.status !== 200) throw new Error(`Ask failed: ${JSON.stringify(answer.body)}`);
    return answer.body as { citations: { transcript_id: string; text: string }[] };
  };

  let started = performance.now();
  await asked('warmup question');
  const firstMs = performance.now() - started;

  const times: number[] = [];
  for (let index = 0; index < QUESTIONS; index++) {
    const question = Array.from({ length: 3 + (index % 4) }, () => words[50 + Math.floor(next() * 5000)]!).join(' ');
    started = performance.now();
    await asked(`${question}?`);
    times.push(performance.now() - started);
  }

  // A correction: the time until Ask cites the corrected words.
  const corrected = transcriptIds[0]!;
  started = performance.now();
  const put = await browser.put(`/api/transcripts/${corrected}/text`, { groups: [{ index: 0, text: 'Zanzibar lighthouse keepers met on Thursday.' }] });
  if (put.status !== 200) throw new Error(`Correction failed: ${JSON.stringify(put.body)}`);
  const cited = (await asked('zanzibar lighthouse keepers')).citations[0];
  const correctionMs = performance.now() - started;
  if (cited?.transcript_id !== corrected) throw new Error('Ask did not cite the corrected transcript.');

  return [
    info('ask', `vectors of the corpus's passages (${encoder ? 'hashed, under the encoder\'s name' : 'none: the encoder is not installed'}), stored`, round(seedMs / 1000, 1), 's'),
    info('ask', `first question over ${SIZE.transcripts.toLocaleString('en-US')} ten-minute transcripts (builds their passages)`, round(firstMs / 1000, 1), 's'),
    info('ask', 'ask p50', round(percentile(times, 0.5), 0), 'ms'),
    atMost('ask', `ask p95 (${SIZE.transcripts.toLocaleString('en-US')} ten-minute transcripts, ${encoder ? 'words and meaning' : 'words only'})`, round(percentile(times, 0.95), 0), 'ms', 300),
    atMost('ask', 'a correction until Ask cites it (save and ask)', round(correctionMs / 1000, 2), 's', 1),
  ];
}
