/**
 * A transcript's sentences with each word's part of speech (Universal Dependencies tags), as a tagger at the
 * engine's edge gives them; the key points and topic are chosen from these. Pure.
 */

export interface TaggedToken {
  text: string;
  /** Lower case. */
  lemma: string;
  /** NOUN, PROPN, PRON, VERB, AUX, ADJ, ADP, DET, CCONJ, SCONJ, PART, PUNCT, ... */
  pos: string;
  /** A word of the language's stop list (the, of, is, ...). */
  stop: boolean;
}

export interface TaggedSentence {
  text: string;
  tokens: TaggedToken[];
}

const CONTENT_POS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ']);
const SUBJECT_POS = new Set(['NOUN', 'PROPN', 'PRON']);
const VERB_POS = new Set(['VERB', 'AUX']);
const NOUN_PHRASE_POS = new Set(['DET', 'ADJ', 'NUM', 'NOUN', 'PROPN']);
/** Words that lean on what follows: a segment ending in one was cut mid-sentence. */
const LEANING_POS = new Set(['ADP', 'CCONJ', 'SCONJ', 'PART']);
const LEANING_DETERMINERS = new Set(['the', 'a', 'an', 'my', 'your', 'our', 'their', 'his', 'her', 'its']);
/** Words that cannot start a sentence of their own: a segment starting with one continues the one before. */
const CONTINUING_POS = new Set(['ADP', 'SCONJ']);
/** A piece starting with one of these qualifies what came before: joined with a comma. */
const RELATIVE_STARTS = new Set(['which', 'where', 'who', 'whom', 'whose']);
/** Relative words that start a clause hanging on the sentence before. */
const DEPENDENT_STARTS = new Set(['which', 'who', 'whom', 'whose', 'until', 'because', 'although', 'while', 'whereas']);

export const isWord = (token: TaggedToken): boolean => /[\p{L}\p{N}]/u.test(token.text);
export const wordsOf = (sentence: TaggedSentence): TaggedToken[] => sentence.tokens.filter(isWord);
export const isContent = (token: TaggedToken): boolean => !token.stop && token.lemma.length > 2 && CONTENT_POS.has(token.pos) && isWord(token);

/**
 * A clause: a verb with a subject before it (a noun or pronoun that is not the object of a preposition:
 * "of others" is none), or an auxiliary followed by one ("Will we ever forget it"). Imperatives and
 * phrases are not clauses.
 */
export function isClause(sentence: TaggedSentence): boolean {
  const { tokens } = sentence;
  let subject = false;
  for (const [index, token] of tokens.entries()) {
    if (VERB_POS.has(token.pos) && (subject || (token.pos === 'AUX' && SUBJECT_POS.has(tokens.slice(index + 1).find(isWord)?.pos ?? '')))) return true;
    if (SUBJECT_POS.has(token.pos) && !governedByPreposition(tokens, index)) subject = true;
  }
  return false;
}

/**
 * A sentence a reader would keep on its own: a clause that does not hang on another ("Which means…",
 * "Until it comes together."), unless a comma shows its main clause follows ("If it sticks, add flour.").
 */
export function isCompleteSentence(sentence: TaggedSentence): boolean {
  const first = wordsOf(sentence)[0];
  const dependent = first !== undefined && (first.pos === 'SCONJ' || DEPENDENT_STARTS.has(first.lemma)) && !sentence.text.includes(',');
  return isClause(sentence) && !dependent;
}

/** A complete sentence that says rather than asks: what a key point should be when a transcript has any. */
export const isStatement = (sentence: TaggedSentence): boolean => isCompleteSentence(sentence) && !asks(sentence);

/** "of the old roads": the noun's nearest word before it, past determiners, adjectives and nouns (not a comma), is a preposition. */
function governedByPreposition(tokens: readonly TaggedToken[], index: number): boolean {
  let at = index - 1;
  while (at >= 0 && NOUN_PHRASE_POS.has(tokens[at]!.pos)) at -= 1;
  return at >= 0 && tokens[at]!.pos === 'ADP';
}

/**
 * The recogniser cuts speech at pauses and ends each piece with a full stop, so one sentence can arrive
 * as several ("To prevent possible infection." + "Of others."). A relative clause joins the piece before,
 * so does a piece that is no clause and starts like a continuation (a preposition, a conjunction, a small
 * letter), and a piece ending in a word that leans on the next (of, the, and, to) takes the next one in.
 */
export function joinSegments(sentences: readonly TaggedSentence[]): TaggedSentence[] {
  const joined: TaggedSentence[] = [];
  for (const sentence of sentences) {
    const previous = joined.at(-1);
    const leaning = previous !== undefined && endsLeaning(previous);
    if (previous && !asks(previous) && (leaning || startsRelative(sentence) || (continues(sentence) && !isClause(sentence)))) joined[joined.length - 1] = join(previous, sentence, leaning);
    else joined.push(sentence);
  }
  return joined;
}

function endsLeaning(sentence: TaggedSentence): boolean {
  const last = wordsOf(sentence).at(-1);
  return last !== undefined && (LEANING_POS.has(last.pos) || LEANING_DETERMINERS.has(last.lemma));
}

/** A question or an exclamation ends where it ends: what follows answers it ("…your experience?" "Of course."). */
const asks = (sentence: TaggedSentence): boolean => /[?!]\s*$/.test(sentence.text);

/** "Which means…", "Where one plate…" (a question, "Where do you live?", is no relative clause). */
const startsRelative = (sentence: TaggedSentence): boolean => RELATIVE_STARTS.has(wordsOf(sentence)[0]?.lemma ?? '') && !asks(sentence);

/** Starts with a preposition, a small letter, or "and"/"but" before a verb ("And runs the pump at night."). */
function continues(sentence: TaggedSentence): boolean {
  const [first, ...rest] = wordsOf(sentence);
  if (first === undefined) return false;
  if (first.pos === 'CCONJ') return rest.some((token) => VERB_POS.has(token.pos));
  return CONTINUING_POS.has(first.pos) || /^\p{Ll}/u.test(first.text);
}

/**
 * "…infection." + "Of others." → "…infection of others.": the first's end mark goes, the second's capital
 * too; a relative clause after a whole one gets a comma ("…plates, where one plate…").
 */
function join(first: TaggedSentence, second: TaggedSentence, leaning: boolean): TaggedSentence {
  const head = first.text.replace(/[.!?…,;:]+$/u, '');
  const lead = wordsOf(second)[0];
  const comma = !leaning && startsRelative(second) ? ',' : '';
  const keepCapital = lead === undefined || lead.pos === 'PROPN' || lead.text === 'I';
  const tail = keepCapital ? second.text : second.text.charAt(0).toLowerCase() + second.text.slice(1);
  const tokens = first.tokens.at(-1)?.pos === 'PUNCT' ? first.tokens.slice(0, -1) : first.tokens;
  return { text: `${head}${comma} ${tail}`, tokens: [...tokens, ...second.tokens] };
}
