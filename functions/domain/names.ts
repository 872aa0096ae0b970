/** Names people give (tags): the same name whatever its case ('Interview' is 'interview'), accents count. */
export const sameName = (a: string, b: string): boolean => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/** Control characters (C0 with CR and LF, DEL, C1) and the Unicode line and paragraph separators: a name is one line. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
export const isOneLine = (name: string): boolean => !CONTROL.test(name);

/**
 * A name or word as one line of an export (a subtitle cue, a heading, a speaker's lead): each run of control
 * characters or spaces becomes one space. Names stored before they were refused may hold them (issue 25).
 */
export const oneLine = (text: string): string => text.replace(/[\p{Cc}\u2028\u2029\s]+/gu, ' ').trim();
