/** Names people give (tags): the same name whatever its case ('Interview' is 'interview'), accents count. */
export const sameName = (a: string, b: string): boolean => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
