/**
 * Search (docs/benchmark.md, issue 14): one user with 1,000 transcripts of about ten minutes each
 * (1,500 words in 100 sentences, a Zipf-distributed vocabulary of 30,000 made-up words), stored as the
 * workflow stores them. Measures the first index of them all (a user's first search), the p95 of
 * GET /api/search over the API (full words, prefixes and one-typo words), and the index update after
 * one more transcript.
 */
import { randomBytes } from 'node:crypto';
import { db } from '../../functions/data/db';
import type { WordGroup } from '../../functions/domain/parse-transcript';
import { searchSourceOf } from '../../functions/domain/search';
import { bodyKey, putJson } from '../../functions/storage/media-store';
import { indexTranscript } from '../../functions/storage/search-store';
import type { LocalStack } from '../../infra/local/stack';
import { signedUpBrowser, userIdOf, type Browser } from '../integration/http-client';
import { atMost, info, percentile, round, type Figure } from './figures';

/** The corpus (ten-minute transcripts: sentences of words drawn from a vocabulary) and the runs over it. */
export const SIZE = { transcripts: 1000, sentences: 100, wordsPerSentence: 15, vocabulary: 30_000, queries: 300, updates: 5 } as const;

/** A seeded generator, so every run searches the same text. */
export function random(seed: number): () => number {
  let state = seed;
  return () => (state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
}

export function vocabulary(next: () => number): { words: string[]; pick: () => string } {
  const consonants = 'bcdfghjklmnprstvwz';
  const vowels = 'aeiou';
  const letter = (from: string) => from[Math.floor(next() * from.length)]!;
  const syllable = () => letter(consonants) + letter(vowels) + (next() < 0.3 ? letter(consonants) : '');
  const words = new Set<string>();
  while (words.size < SIZE.vocabulary) words.add(Array.from({ length: 1 + Math.floor(next() * 3.2) }, syllable).join(''));
  const list = [...words];
  // Zipf: the word of rank k is said in proportion to 1/k, as in real speech.
  const cumulative: number[] = [];
  let total = 0;
  list.forEach((_, rank) => cumulative.push((total += 1 / (rank + 1))));
  const pick = () => {
    const target = next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return list[low]!;
  };
  return { words: list, pick };
}

export function tenMinutes(pick: () => string): { text: string; word_timings: WordGroup[]; speakers: string[] } {
  let at = 0;
  const groups = Array.from({ length: SIZE.sentences }, () => ({
    words: Array.from({ length: SIZE.wordsPerSentence }, (_, index) => {
      const word = { word: pick() + (index === SIZE.wordsPerSentence - 1 ? '.' : ''), start: at, end: at + 320 };
      at += 400;
      return word;
    }),
  }));
  return { text: groups.map((group) => group.words.map((word) => word.word).join(' ')).join(' '), word_timings: groups, speakers: [] };
}


/** The corpus stored for one new user as the workflow stores it: SIZE.transcripts ten-minute transcripts. */
export async function storeCorpus(stack: LocalStack, email: string, pick: () => string): Promise<{ browser: Browser; userId: string; transcriptIds: string[] }> {
  const browser = await signedUpBrowser(stack, email);
  const userId = await userIdOf(browser);
  const transcriptIds: string[] = [];
  for (let index = 0; index < SIZE.transcripts; index++) {
    const transcriptId = randomBytes(16).toString('base64url');
    const key = bodyKey(userId, transcriptId);
    await putJson(key, tenMinutes(pick));
    await db()
      .entities.transcript.create({
        userId, transcriptId, filename: `Recording ${index}.m4a`, mediaKey: `users/${userId}/media/${transcriptId}`, mediaType: 'audio/mp4', mediaExtension: 'm4a', size: 1,
        language: 'en', projectId: '', status: 'complete', bodyKey: key, createdAt: new Date(Date.now() - index * 60_000).toISOString(),
      })
      .go();
    transcriptIds.push(transcriptId);
  }
  return { browser, userId, transcriptIds };
}

export async function measureSearch(stack: LocalStack): Promise<Figure[]> {
  const next = random(42);
  const { words, pick } = vocabulary(next);
  const { browser, userId } = await storeCorpus(stack, 'bench-search@example.com', pick);

  let started = performance.now();
  await browser.get('/api/search?q=warmup');
  const firstIndexMs = performance.now() - started;

  // Words that are neither the commonest nor unseen: what people look for.
  const queries = Array.from({ length: SIZE.queries }, (_, index) => {
    const word = words[100 + Math.floor(next() * 5000)]!;
    return index % 3 === 0 ? word : index % 3 === 1 ? word.slice(0, 4) : `${word.slice(0, 2)}${word[2] === 'x' ? 'y' : 'x'}${word.slice(3)}`;
  });
  const times: number[] = [];
  for (const query of queries) {
    started = performance.now();
    const answer = await browser.get(`/api/search?q=${encodeURIComponent(query)}`);
    times.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`Search failed: ${JSON.stringify(answer.body)}`);
  }

  const updates: number[] = [];
  for (let index = 0; index < SIZE.updates; index++) {
    const body = tenMinutes(pick);
    started = performance.now();
    await indexTranscript(userId, searchSourceOf({ transcriptId: randomBytes(16).toString('base64url'), filename: 'New.m4a', topic: '', summary: '' }, body), null);
    updates.push(performance.now() - started);
  }

  return [
    info('search', `first index of ${SIZE.transcripts.toLocaleString('en-US')} ten-minute transcripts`, round(firstIndexMs / 1000, 1), 's'),
    info('search', 'search p50', round(percentile(times, 0.5), 0), 'ms'),
    atMost('search', `search p95 (${SIZE.transcripts.toLocaleString('en-US')} ten-minute transcripts)`, round(percentile(times, 0.95), 0), 'ms', 200),
    atMost('search', 'index update after a new transcript (slowest of 5)', round(Math.max(...updates) / 1000, 2), 's', 1),
  ];
}
