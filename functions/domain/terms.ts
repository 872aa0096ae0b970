/**
 * Words as search terms, and BM25, shared by the support chat's FAQ retrieval (./faq-search.ts) and Ask's
 * passage ranking (./ask-ranking.ts): lower-cased, stop words dropped, endings trimmed (a light stemmer).
 * No dependencies (the web highlights a question's words in passages with it).
 */

const STOP_WORDS = new Set(
  (
    'a an the and or but if of to in on for with at by from as into onto about than then so too very ' +
    'is are was were be been being am do does did done doing have has had having can could should would will shall may might must ' +
    'i me my mine myself we us our ours you your yours it its itself this that these those there here ' +
    'he him his she her they them their what which who whom whose when where why how ' +
    'not no yes any some all each every other such only own same just also still even ' +
    'get got want wants need needs like know tell please thanks thank hi hello hey ok okay ' +
    'one thing things way use using used app'
  ).split(/\s+/),
);

/** Trims common English endings so that "deleting", "deleted" and "delete" meet. */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length - 3 >= 3) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length - 2 >= 3) w = w.slice(0, -2);
  else if (w.endsWith('ly') && w.length - 2 >= 4) w = w.slice(0, -2);
  if (w.endsWith('ion') && w.length - 3 >= 4) w = w.slice(0, -3);
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

/** A text's words that carry meaning, in order: lower-cased, without accents, apostrophes or stop words. */
export function contentWords(text: string): string[] {
  return (text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/['’]/g, '').match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => !STOP_WORDS.has(word));
}

/** The searchable terms of a text, in order (repeats kept: they count). */
export function terms(text: string): string[] {
  return contentWords(text)
    .map(stem)
    .filter((term) => term.length > 1);
}

const K1 = 1.2;
const B = 0.75;

/** One term's BM25 score in one document. */
export function bm25(counts: { frequency: number; documentFrequency: number; documents: number; length: number; averageLength: number }): number {
  const { frequency, documentFrequency, documents, length, averageLength } = counts;
  const idf = Math.log(1 + (documents - documentFrequency + 0.5) / (documentFrequency + 0.5));
  return (idf * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * length) / averageLength));
}
