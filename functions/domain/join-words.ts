/** Joining words into text, without dependencies (the web app uses it through subtitles and paragraphs). */

/** Scripts written without spaces between words. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Words joined by spaces, except between two characters of a script written without them. */
export function joinWords(words: readonly string[]): string {
  const parts: string[] = [];
  // The text's last character so far, kept apart: reading it from the growing text flattens it every time (quadratic).
  let last = '';
  words.forEach((word, index) => {
    const unspaced = index > 0 && UNSPACED_SCRIPT.test(last) && UNSPACED_SCRIPT.test(word.charAt(0));
    const part = (index === 0 || unspaced ? '' : ' ') + word;
    parts.push(part);
    if (part !== '') last = part.slice(-1);
  });
  return parts.join('');
}
