/**
 * Ask (docs/benchmark.md, issue 30). Over the API: one user with the search bench's 1,000 ten-minute
 * transcripts (test/bench/search.ts); the first question (it builds the passages of all of them), the p95
 * of POST /api/ask with questions of three to six of their words, and a correction until Ask cites it. Pure:
 * the top-3 citation hit rate of the question set (test/fixtures/ask-questions.ts) over the real-speech
 * fixture transcripts, for the exact words only, similar words only (trigrams) and both fused, and the top-1 rate beside it.
 */
import { PassageIndex, rankPassages, type Signal } from '../../functions/domain/ask-ranking';
import { passagesOf } from '../../functions/domain/passages';
import type { LocalStack } from '../../infra/local/stack';
import { ASK_QUESTIONS, citesMoment } from '../fixtures/ask-questions';
import { FIXTURE_TRANSCRIPTS, LIBRARY_TRANSCRIPT } from '../fixtures/ask-transcripts';
import { atLeast, atMost, info, percentile, round, type Figure } from './figures';
import { random, SIZE, storeCorpus, vocabulary } from './search';

const QUESTIONS = 200;

export function measureAskHits(): Figure[] {
  const transcripts = [...FIXTURE_TRANSCRIPTS, LIBRARY_TRANSCRIPT];
  const indexes = [new PassageIndex(transcripts.flatMap((transcript) => passagesOf(transcript.id, transcript.groups)))];
  const rate = (signal: Signal, limit: number, kind?: 'literal' | 'paraphrase') => {
    const questions = ASK_QUESTIONS.filter((question) => kind === undefined || question.kind === kind);
    return round((100 * questions.filter((question) => citesMoment(rankPassages(indexes, question.question, { limit, signal }), question, transcripts)).length) / questions.length, 0);
  };
  const set = `${ASK_QUESTIONS.length} questions, ${indexes[0]!.passages.length} passages`;
  return [
    atLeast('ask', `top-3 hit rate, fused (${set})`, rate('fused', 3), '%', 80),
    info('ask', 'top-3 hit rate, words only (BM25)', rate('words', 3), '%'),
    info('ask', 'top-3 hit rate, similar words only (trigrams)', rate('similar', 3), '%'),
    info('ask', 'top-3 hit rate, fused, paraphrased questions', rate('fused', 3, 'paraphrase'), '%'),
    info('ask', 'top-1 hit rate: fused', rate('fused', 1), '%'),
    info('ask', 'top-1 hit rate: words only', rate('words', 1), '%'),
    info('ask', 'top-1 hit rate: similar words only', rate('similar', 1), '%'),
  ];
}

export async function measureAsk(stack: LocalStack): Promise<Figure[]> {
  const next = random(7);
  const { words, pick } = vocabulary(next);
  const { browser, transcriptIds } = await storeCorpus(stack, 'bench-ask@example.com', pick);
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
    info('ask', `first question over ${SIZE.transcripts.toLocaleString('en-US')} ten-minute transcripts (builds their passages)`, round(firstMs / 1000, 1), 's'),
    info('ask', 'ask p50', round(percentile(times, 0.5), 0), 'ms'),
    atMost('ask', `ask p95 (${SIZE.transcripts.toLocaleString('en-US')} ten-minute transcripts)`, round(percentile(times, 0.95), 0), 'ms', 300),
    atMost('ask', 'a correction until Ask cites it (save and ask)', round(correctionMs / 1000, 2), 's', 1),
  ];
}
