/**
 * A standard English normaliser for scoring speech recognition (after the one Whisper's authors published):
 * what only differs in how it is written does not count as an error. Numbers become digits ("twenty-one",
 * "21"), British spellings American, contractions and titles one form, hesitations go. Used by the benchmark
 * next to the raw WER (functions/domain/wer.ts normalizeWords).
 */
import { normalizeWords } from './wer';

const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: Readonly<Record<string, number>> = { hundred: 100, thousand: 1_000, million: 1_000_000, billion: 1_000_000_000 };
const ORDINALS: Readonly<Record<string, string>> = { first: 'one', second: 'two', third: 'three', fifth: 'five', eighth: 'eight', ninth: 'nine', twelfth: 'twelve' };

const VALUES: ReadonlyMap<string, number> = new Map([...UNITS.map((word, value) => [word, value] as const), ...TENS.flatMap((word, tens) => (word ? [[word, tens * 10] as const] : []))]);

const SPELLINGS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(['colour', 'favour', 'honour', 'labour', 'neighbour', 'humour', 'harbour', 'behaviour', 'flavour', 'rumour', 'vapour', 'armour', 'savour', 'endeavour'].flatMap((word) => [word, `${word}s`, `${word}ed`].map((form) => [form, form.replace('our', 'or')]))),
  ...Object.fromEntries(['centre', 'theatre', 'metre', 'litre', 'fibre', 'calibre', 'sombre', 'spectre'].flatMap((word) => [word, `${word}s`].map((form) => [form, form.replace(/re(s?)$/, 'er$1')]))),
  ...Object.fromEntries(['realis', 'recognis', 'organis', 'apologis', 'criticis', 'emphasis', 'summaris', 'characteris', 'memoris', 'authoris', 'civilis', 'sympathis'].flatMap((stem) => ['e', 'es', 'ed', 'ing', 'ation'].map((end) => [`${stem}${end}`, `${stem.slice(0, -1)}z${end}`]))),
  analyse: 'analyze',
  analysed: 'analyzed',
  grey: 'gray',
  programme: 'program',
  cheque: 'check',
  defence: 'defense',
  offence: 'offense',
  licence: 'license',
  practise: 'practice',
  jewellery: 'jewelry',
  travelled: 'traveled',
  travelling: 'traveling',
  cancelled: 'canceled',
  mould: 'mold',
  plough: 'plow',
  ok: 'okay',
  mr: 'mister',
  mrs: 'missus',
  dr: 'doctor',
  etc: 'et cetera',
  '%': 'percent',
};

const CONTRACTIONS: readonly [RegExp, string][] = [
  [/^won't$/, 'will not'],
  [/^can't$/, 'can not'],
  [/^(\w+)n't$/, '$1 not'],
  [/^(\w+)'re$/, '$1 are'],
  [/^(\w+)'ll$/, '$1 will'],
  [/^(\w+)'ve$/, '$1 have'],
  [/^(\w+)'d$/, '$1 would'],
  [/^i'm$/, 'i am'],
];

const HESITATIONS = new Set(['um', 'uh', 'er', 'erm', 'ah', 'hmm', 'mm', 'mhm']);

/**
 * English words for scoring: normalizeWords' lower-case words, then numbers, spellings, contractions and
 * hesitations made one form. A number never runs across punctuation ("twenty, four" stays two numbers).
 */
export function normalizeEnglish(text: string): string[] {
  return text.split(/[,;:.!?]+(?:\s|$)/).flatMap(normalizeClause);
}

function normalizeClause(text: string): string[] {
  const prepared = text
    .replace(/(\d),(\d{3})\b/g, '$1$2')
    .replace(/\$(\d+(?:\.\d+)?)/g, '$1 dollars')
    .replace(/(\d)%/g, '$1 percent')
    .replace(/(\d)\.(\d)/g, '$1 point $2')
    .replace(/-/g, ' ');
  const words = normalizeWords(prepared).flatMap((word) => {
    const contracted = CONTRACTIONS.find(([pattern]) => pattern.test(word));
    return (contracted ? word.replace(contracted[0], contracted[1]) : (SPELLINGS[word] ?? word)).split(' ');
  });
  return joinNumbers(words.filter((word) => !HESITATIONS.has(word)));
}

/** A number word's value and ordinal suffix ("twentieth" → 20, 'th'), or undefined. */
function numberWord(word: string): { value: number; suffix?: string } | undefined {
  if (VALUES.has(word)) return { value: VALUES.get(word)! };
  if (word in SCALES) return { value: SCALES[word]! };
  const cardinal = ORDINALS[word] ?? (/ieth$/.test(word) ? word.replace(/ieth$/, 'y') : /th$/.test(word) ? word.replace(/th$/, '') : undefined);
  const value = cardinal === undefined ? undefined : (VALUES.get(cardinal) ?? SCALES[cardinal]);
  return value === undefined ? undefined : { value, suffix: ordinalSuffix(value) };
}

function ordinalSuffix(value: number): string {
  if (value % 100 >= 11 && value % 100 <= 13) return 'th';
  return ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[value % 10] ?? 'th';
}

/** Runs of number words (and "and" or "point" inside them) as digits; a digit ordinal ("1st") stays. */
function joinNumbers(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let index = 0; index < words.length; ) {
    const run: { value: number; suffix?: string }[] = [];
    let end = index;
    let decimals = '';
    while (end < words.length) {
      const found = numberWord(words[end]!);
      if (found && !run.at(-1)?.suffix) {
        run.push(found);
        end += 1;
      } else if (run.length > 0 && words[end] === 'and' && numberWord(words[end + 1] ?? '') && (run.at(-1)!.value >= 100 || run.some((item) => item.value >= 100))) end += 1;
      else if (run.length > 0 && words[end] === 'point' && /^\d$|^(zero|one|two|three|four|five|six|seven|eight|nine)$/.test(words[end + 1] ?? '')) {
        end += 1;
        while (end < words.length && (VALUES.get(words[end]!) ?? 10) < 10) decimals += String(VALUES.get(words[end++]!));
        while (end < words.length && /^\d+$/.test(words[end]!)) decimals += words[end++]!;
        break;
      } else break;
    }
    if (run.length === 0) {
      const digits = /^(\d+) point$/.exec(`${words[index]} ${words[index + 1]}`);
      if (digits && /^\d+$/.test(words[index + 2] ?? '')) {
        out.push(`${digits[1]}.${words[index + 2]}`);
        index += 3;
      } else out.push(words[index++]!);
      continue;
    }
    const suffix = run.at(-1)!.suffix ?? '';
    out.push(`${spokenNumber(run.map((item) => item.value))}${decimals ? `.${decimals}` : ''}${suffix}`);
    index = end;
  }
  return out;
}

/**
 * The value of number words in order: "one hundred five" → "105", "two thousand twenty four" → "2024", and a
 * year or a run of two-digit groups read pairwise ("nineteen sixty one" → "1961").
 */
function spokenNumber(values: readonly number[]): string {
  if (!values.some((value) => value >= 100)) {
    const groups: number[] = [];
    for (const value of values) {
      const last = groups.at(-1);
      if (last !== undefined && last % 10 === 0 && last >= 20 && value < 10) groups[groups.length - 1] = last + value;
      else groups.push(value);
    }
    return groups.map((group, index) => (index > 0 && group < 10 && groups[index - 1]! >= 10 ? `0${group}` : String(group))).join('');
  }
  let total = 0;
  let current = 0;
  for (const value of values) {
    if (value === 100) current = (current || 1) * 100;
    else if (value >= 1_000) {
      total += (current || 1) * value;
      current = 0;
    } else current += value;
  }
  return String(total + current);
}
