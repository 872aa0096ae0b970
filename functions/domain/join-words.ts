/** Joining words into text, without dependencies (the web app uses it through subtitles and paragraphs). */

/** Scripts written without spaces between words. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Words joined by spaces, except between two characters of a script written without them. */
export function joinWords(words: readonly string[]): string {
  return words.reduce((text, word, index) => {
    const unspaced = index > 0 && UNSPACED_SCRIPT.test(text.slice(-1)) && UNSPACED_SCRIPT.test(word.charAt(0));
    return text + (index === 0 || unspaced ? '' : ' ') + word;
  }, '');
}
