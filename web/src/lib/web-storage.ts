/** The browser's Web Storage of one kind, or undefined where there is none or it is refused (a privacy mode, a server render). */
export function webStorage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[kind];
  } catch {
    return undefined;
  }
}
