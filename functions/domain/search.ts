/**
 * Full-text search over one user's transcripts (issue 14, docs/architecture.md#data). Pure: the index lives
 * in memory here; functions/storage/search-store.ts keeps it in S3.
 *
 * Why this design: a search cluster costs money every hour it idles, and one user's transcripts are few
 * enough to search in the memory of a warm function. So each user has a compact MiniSearch index (a
 * well-kept inverted-index library with prefix and typo matching) cut into a few shards by transcript,
 * each shard one S3 object: updating one transcript rewrites one small shard, searching reads the shards
 * (cached while the function is warm) and costs nothing while idle.
 *
 * A document is one word group (a sentence or a speaker turn) with its words and their start times, so
 * a hit knows the moment it was said; one more document per transcript holds its name, topic, summary
 * and speaker names. What may change without the text (state, project, tags) is not in the index: the
 * search route reads it from the table for the hits, so delete, restore and moves are seen at once.
 * A shard also keeps each transcript's passages for Ask (./passages.ts, issue 30), kept in step by the same updates.
 */
import MiniSearch, { type AsPlainObject, type Options, type SearchResult } from 'minisearch';
import { z } from 'zod';
import { PassageIndex } from './ask-ranking';
import { DEFAULT_SEARCH_RESULTS, MAX_SEARCH_RESULTS } from './constants';
import type { WordGroup } from './parse-transcript';
import { decodeVector } from './embedding';
import { passagesOf, type Passage } from './passages';
import type { TranscriptBody, TranscriptRecord } from './transcript-view';

/** The shards of one user's index; a transcript always lands in the same one. */
export const SEARCH_SHARDS = 16;
const MAX_QUERY = 200;
/** Words of context on each side of the first match in a snippet. */
const CONTEXT_BEFORE = 6;
const CONTEXT_AFTER = 12;

const LIMIT_MESSAGE = `The limit must be a number from 1 to ${MAX_SEARCH_RESULTS}.`;

export const SearchQuery = z.object({
  q: z.string({ error: 'Type something to search for.' }).trim().min(1, 'Type something to search for.').max(MAX_QUERY, `A search can be at most ${MAX_QUERY} characters.`),
  project_id: z.string().min(1).max(64).optional(),
  tag: z.string().min(1).max(100).optional(),
  // A query string carries text: digits only, then a number in range.
  limit: z
    .string()
    .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
    .optional()
    .transform((value) => (value === undefined ? DEFAULT_SEARCH_RESULTS : Number(value)))
    .pipe(z.number().min(1, LIMIT_MESSAGE).max(MAX_SEARCH_RESULTS, LIMIT_MESSAGE)),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

/** What the index holds of a transcript. */
export interface SearchSource {
  id: string;
  filename: string;
  topic: string;
  summary: string;
  speakers: readonly string[];
  groups: readonly WordGroup[];
}

/** One transcript found, before its table item (state, project, tags) is checked. */
export interface SearchHit {
  id: string;
  score: number;
  /** HTML: escaped text with the matching words in `<mark>`. */
  snippet: string;
  start_ms: number;
  /** Issue 30: found by a passage of similar meaning, not by its words. */
  match?: 'meaning';
}

interface GroupDocument {
  id: string;
  /** The transcript's id. */
  t: string;
  text?: string;
  /** The group's words and their start times (for the snippet and the moment). */
  w?: string[];
  s?: number[];
  filename?: string;
  topic?: string;
  summary?: string;
  speakers?: string;
}

const META = 'm';
const docId = (transcriptId: string, part: number | typeof META): string => `${transcriptId}~${part}`;

/** Case and accents don't matter: "Café" and "cafe" are one term. */
export const normalizeTerm = (term: string): string => term.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
const TOKEN = /[\n\r\p{Z}\p{P}\p{S}]+/u;
const tokenize = (text: string): string[] => text.split(TOKEN).filter(Boolean);

const OPTIONS: Options<GroupDocument> = {
  fields: ['text', 'filename', 'topic', 'summary', 'speakers'],
  storeFields: ['t', 'w', 's', 'filename', 'topic', 'summary', 'speakers'],
  tokenize,
  processTerm: (term: string) => normalizeTerm(term),
  // Vacuumed before the shard is stored instead of in the background (a function may freeze between requests).
  autoVacuum: false,
};

/** The shard of a transcript: a stable hash of its id. */
export function shardOf(transcriptId: string): number {
  let hash = 2166136261;
  for (let index = 0; index < transcriptId.length; index++) hash = Math.imul(hash ^ transcriptId.charCodeAt(index), 16777619);
  return (hash >>> 0) % SEARCH_SHARDS;
}

/** A transcript's passage vectors as a shard keeps them (encodeVector), with the model that made them. */
export interface StoredVectors {
  model: string;
  vectors: string[];
}

/** One shard of a user's index. */
export class SearchShard {
  private constructor(
    private readonly index: MiniSearch<GroupDocument>,
    /** Transcript id → how many group documents it has (to remove them all on an update). */
    private readonly groupCounts: Record<string, number>,
    /** Transcript id → its passages (absent in shards stored before Ask). */
    private readonly passages: Record<string, Passage[]>,
    /** Transcript id → its passages' sentence vectors in order (./embedding.ts), and the model that made them. */
    private readonly vectors: Record<string, StoredVectors>,
  ) {}

  /** Built on the first question after a change, then kept with the shard (with the model whose vectors it holds). */
  private ranking: { model: string | undefined; index: PassageIndex } | undefined;

  static empty(): SearchShard {
    return new SearchShard(new MiniSearch<GroupDocument>(OPTIONS), {}, {}, {});
  }

  static fromJSON(json: string): SearchShard {
    const stored = JSON.parse(json) as { index: AsPlainObject; groupCounts: Record<string, number>; passages?: Record<string, Passage[]>; vectors?: Record<string, StoredVectors> };
    return new SearchShard(MiniSearch.loadJS<GroupDocument>(stored.index, OPTIONS), stored.groupCounts, stored.passages ?? {}, stored.vectors ?? {});
  }

  /** The shard as stored, without the postings of replaced documents. */
  async toJSON(): Promise<string> {
    if (this.index.dirtCount > 0) await this.index.vacuum({ batchSize: Number.MAX_SAFE_INTEGER, batchWait: 0 });
    return JSON.stringify({ index: this.index.toJSON(), groupCounts: this.groupCounts, passages: this.passages, vectors: this.vectors });
  }

  /** Its passages, ready to rank, with the vectors `model` made (those of another model are not comparable: left out). */
  passageIndex(model?: string): PassageIndex {
    if (this.ranking && this.ranking.model === model) return this.ranking.index;
    const transcripts = Object.entries(this.passages);
    const vectors = transcripts.flatMap(([transcriptId, passages]) => {
      const stored = this.vectors[transcriptId];
      return passages.map((_, index) => {
        const vector = stored && stored.model === model ? stored.vectors[index] : undefined;
        return vector === undefined ? undefined : decodeVector(vector);
      });
    });
    const index = new PassageIndex(transcripts.flatMap(([, passages]) => passages), vectors);
    this.ranking = { model, index };
    return index;
  }

  /** Transcripts whose passages have no vectors of `model` (indexed before search by meaning, or by another model). */
  withoutVectors(model: string): string[] {
    return Object.keys(this.passages).filter((transcriptId) => this.vectors[transcriptId]?.model !== model);
  }

  /** A transcript's passage vectors of `model` by passage text: a correction embeds again only the passages it changed. */
  vectorsByText(transcriptId: string, model: string): Map<string, string> {
    const stored = this.vectors[transcriptId];
    const passages = this.passages[transcriptId] ?? [];
    if (stored?.model !== model) return new Map();
    return new Map(passages.flatMap((passage, index) => {
      const vector = stored.vectors[index];
      return vector === undefined ? [] : [[passage.text, vector] as const];
    }));
  }

  /** A transcript's passage texts, in order (none when the shard does not hold it). */
  passageTexts(transcriptId: string): string[] {
    return (this.passages[transcriptId] ?? []).map((passage) => passage.text);
  }

  /**
   * Gives a transcript lacking vectors of `model` those of its passages in `byText` (the vector backfill), unless a
   * passage has none there: it changed since they were made, and the change brought its own.
   */
  addVectors(transcriptId: string, model: string, byText: ReadonlyMap<string, string>): void {
    const passages = this.passages[transcriptId];
    if (!passages || this.vectors[transcriptId]?.model === model) return;
    const vectors = passages.map((passage) => byText.get(passage.text));
    if (vectors.some((vector) => vector === undefined)) return;
    this.vectors[transcriptId] = { model, vectors: vectors as string[] };
    this.ranking = undefined;
  }

  /** Transcripts indexed before Ask, whose passages the shard lacks. */
  withoutPassages(): string[] {
    return Object.keys(this.groupCounts).filter((transcriptId) => this.passages[transcriptId] === undefined);
  }

  /** The transcripts it holds. */
  transcriptIds(): string[] {
    return Object.keys(this.groupCounts);
  }

  get size(): number {
    return Object.keys(this.groupCounts).length;
  }

  /**
   * Adds a transcript, or replaces what the index held of it (an edit, a rename); `vectors` are its
   * passages' (passagesOf, in order), when they were made.
   */
  upsert(source: SearchSource, vectors?: StoredVectors): void {
    this.remove(source.id);
    const documents: GroupDocument[] = source.groups.flatMap((group, index) =>
      group.words.length === 0 ? [] : [{ id: docId(source.id, index), t: source.id, text: group.words.map((word) => word.word).join(' '), w: group.words.map((word) => word.word), s: group.words.map((word) => word.start) }],
    );
    documents.push({ id: docId(source.id, META), t: source.id, filename: source.filename, topic: source.topic, summary: source.summary, speakers: source.speakers.join(', ') });
    this.index.addAll(documents);
    this.groupCounts[source.id] = source.groups.length;
    this.passages[source.id] = passagesOf(source.id, source.groups);
    if (vectors) this.vectors[source.id] = vectors;
    this.ranking = undefined;
  }

  remove(transcriptId: string): void {
    const count = this.groupCounts[transcriptId];
    if (count === undefined) return;
    for (let index = 0; index < count; index++) if (this.index.has(docId(transcriptId, index))) this.index.discard(docId(transcriptId, index));
    if (this.index.has(docId(transcriptId, META))) this.index.discard(docId(transcriptId, META));
    delete this.groupCounts[transcriptId];
    delete this.passages[transcriptId];
    delete this.vectors[transcriptId];
    this.ranking = undefined;
  }

  /** The transcripts matching every word of the query (prefix and small typos allowed), best first. */
  search(query: string): SearchHit[] {
    const results = this.index.search(query, {
      prefix: true,
      // One typo in words of four letters or more ("budjet"), two from eight letters on.
      fuzzy: (term) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : false),
      combineWith: 'AND',
      boost: { filename: 3, topic: 2, speakers: 2, summary: 1.5 },
    });
    return rankTranscripts(results);
  }
}

/** Hits per transcript: its best document's score, plus a share of the others; the snippet from its earliest match. */
function rankTranscripts(results: readonly SearchResult[]): SearchHit[] {
  const byTranscript = new Map<string, SearchResult[]>();
  for (const result of results) {
    const transcriptId = result.t as string;
    byTranscript.set(transcriptId, [...(byTranscript.get(transcriptId) ?? []), result]);
  }
  return [...byTranscript.entries()]
    .map(([id, matches]) => {
      const scores = matches.map((match) => match.score).sort((a, b) => b - a);
      const score = scores[0]! + 0.1 * scores.slice(1).reduce((sum, value) => sum + value, 0);
      return { id, score, ...momentOf(matches) };
    })
    .sort((a, b) => b.score - a.score);
}

const partOf = (result: SearchResult): number => {
  const part = String(result.id).split('~').at(-1)!;
  return part === META ? Number.POSITIVE_INFINITY : Number(part);
};

/** The earliest spoken match (its snippet and moment), else the name, topic, summary or speakers that matched. */
function momentOf(matches: readonly SearchResult[]): { snippet: string; start_ms: number } {
  const earliest = [...matches].sort((a, b) => partOf(a) - partOf(b))[0]!;
  const terms = new Set(earliest.terms);
  if (Array.isArray(earliest.w)) {
    const words = earliest.w as string[];
    const first = Math.max(0, words.findIndex((word) => isMatch(word, terms)));
    return { snippet: markWords(words, first, terms), start_ms: (earliest.s as number[])[first] ?? 0 };
  }
  const field = (['topic', 'filename', 'speakers', 'summary'] as const).find((name) => Object.values(earliest.match).some((fields) => fields.includes(name))) ?? 'filename';
  const words = String(earliest[field] ?? '').split(/\s+/).filter(Boolean);
  return { snippet: markWords(words, Math.max(0, words.findIndex((word) => isMatch(word, terms))), terms), start_ms: 0 };
}

const isMatch = (word: string, terms: ReadonlySet<string>): boolean => tokenize(word).some((token) => terms.has(normalizeTerm(token)));

/** A few words around the first match, escaped, with every matching word in `<mark>`. */
export function markWords(words: readonly string[], first: number, terms: ReadonlySet<string>): string {
  const from = Math.max(0, first - CONTEXT_BEFORE);
  const to = Math.min(words.length, first + CONTEXT_AFTER + 1);
  const shown = words.slice(from, to).map((word) => (isMatch(word, terms) ? `<mark>${escapeHtml(word)}</mark>` : escapeHtml(word)));
  return `${from > 0 ? '… ' : ''}${shown.join(' ')}${to < words.length ? ' …' : ''}`;
}

export const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** What the index holds of a transcript, from its item and body. */
export function searchSourceOf(record: Pick<TranscriptRecord, 'transcriptId' | 'filename' | 'topic' | 'summary'>, body: TranscriptBody): SearchSource {
  return { id: record.transcriptId, filename: record.filename, topic: record.topic, summary: record.summary, speakers: body.speakers, groups: body.word_timings };
}
