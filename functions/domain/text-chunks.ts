/**
 * Splits text into chunks under a UTF-8 byte limit (Amazon Translate takes 10,000 bytes per call)
 * at sentence boundaries, falling back to words, then to whole characters (graphemes) for a
 * single overlong word; joins translated chunks back with the original paragraph breaks.
 */
import { concurrencyLimit } from './concurrency';

export interface TextChunk {
  /** The chunk, without surrounding whitespace. */
  text: string;
  /** What followed it: '\n\n' (paragraph), '\n' (line), ' ', or '' (nothing: a word cut in two, unspaced scripts, the end). */
  separator: string;
}

/** Amazon Translate's TranslateText limit, with room to spare for the request's own accounting. */
export const TRANSLATE_MAX_BYTES = 9_500;

const encoder = new TextEncoder();
const byteLength = (text: string): number => encoder.encode(text).length;

type Granularity = 'sentence' | 'word' | 'grapheme';
const FINER: Record<Granularity, Granularity | undefined> = { sentence: 'word', word: 'grapheme', grapheme: undefined };

/** Whitespace between pieces, reduced to the break it stands for. */
function separatorOf(whitespace: string): string {
  const newlines = (whitespace.match(/\n/g) ?? []).length;
  if (newlines >= 2) return '\n\n';
  if (newlines === 1) return '\n';
  return whitespace.length > 0 ? ' ' : '';
}

/** Pieces of `text` at the given granularity, each with the separator that followed it. */
function pieces(text: string, granularity: Granularity): TextChunk[] {
  const segments = [...new Intl.Segmenter(undefined, { granularity }).segment(text)];
  const result: TextChunk[] = [];
  let pending = '';
  segments.forEach((part, index) => {
    pending += part.segment;
    // Words: spaces and punctuation stay with the word before them; a piece ends before the next word.
    const next = segments[index + 1];
    if (granularity === 'word' && next && !next.isWordLike) return;
    const trimmed = pending.trimEnd();
    const separator = separatorOf(pending.slice(trimmed.length));
    if (trimmed.trim()) result.push({ text: trimmed.trimStart(), separator });
    else if (result.length > 0) result.at(-1)!.separator = separatorOf(result.at(-1)!.separator + pending);
    pending = '';
  });
  return result;
}

/** Pieces no longer than `maxBytes`, splitting overlong ones at the next finer granularity. */
function fittingPieces(text: string, maxBytes: number, granularity: Granularity): TextChunk[] {
  return pieces(text, granularity).flatMap((piece) => {
    const finer = FINER[granularity];
    if (byteLength(piece.text) <= maxBytes || !finer) return [piece];
    const parts = fittingPieces(piece.text, maxBytes, finer);
    parts.at(-1)!.separator = piece.separator;
    return parts;
  });
}

export function splitIntoChunks(text: string, maxBytes: number = TRANSLATE_MAX_BYTES): TextChunk[] {
  if (maxBytes < 4) throw new RangeError('maxBytes must hold at least one UTF-8 character (4 bytes).');
  const chunks: TextChunk[] = [];
  let current: TextChunk | undefined;
  for (const piece of fittingPieces(text, maxBytes, 'sentence')) {
    const joined = current ? current.text + current.separator + piece.text : piece.text;
    if (current && byteLength(joined) <= maxBytes) {
      current = { text: joined, separator: piece.separator };
      continue;
    }
    if (current) chunks.push(current);
    current = { ...piece };
  }
  if (current) chunks.push({ ...current, separator: '' });
  return chunks;
}

/** Puts (translated) chunks back together with the breaks that separated them. */
export function joinChunks(chunks: readonly TextChunk[]): string {
  return chunks.map((chunk, index) => chunk.text.trim() + (index < chunks.length - 1 ? chunk.separator : '')).join('');
}

/**
 * Runs `transform` (a translation call) over each chunk, at most `parallel` at once, and joins the results in
 * the text's order. Once one fails, no further chunk starts: the first failure is the answer.
 */
export async function mapChunks(text: string, maxBytes: number, transform: (chunk: string) => Promise<string>, parallel = 1): Promise<string> {
  const chunks = splitIntoChunks(text, maxBytes);
  const limit = concurrencyLimit(parallel);
  let failure: unknown;
  const translated = await Promise.all(
    chunks.map((chunk) =>
      limit(async () => {
        if (failure !== undefined) throw failure;
        return transform(chunk.text).catch((error: unknown) => {
          failure ??= error;
          throw error;
        });
      }),
    ),
  );
  return joinChunks(chunks.map((chunk, index) => ({ text: translated[index]!, separator: chunk.separator })));
}
