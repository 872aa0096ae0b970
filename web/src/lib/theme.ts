/**
 * Light or dark (issue 15): the system's setting (prefers-color-scheme) unless the user chose one in the
 * profile menu; the choice is kept in this browser. The resolved theme is `data-theme` on <html>, which
 * the design tokens of styles/index.css follow.
 */
import { useSyncExternalStore } from 'react';

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

const STORAGE_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const isChoice = (value: string | null): value is ThemeChoice => value !== null && (THEME_CHOICES as readonly string[]).includes(value);

function readChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isChoice(stored) ? stored : 'system';
  } catch {
    // Storage can be off (private modes): the system's setting then.
    return 'system';
  }
}

let choice: ThemeChoice = 'system';
const listeners = new Set<() => void>();

function apply(): void {
  const dark = choice === 'dark' || (choice === 'system' && window.matchMedia(DARK_QUERY).matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

/** Applies the kept choice before the first render, and follows the system's setting while it is "system". */
export function startTheme(): void {
  choice = readChoice();
  apply();
  window.matchMedia(DARK_QUERY).addEventListener('change', apply);
}

export function setThemeChoice(next: ThemeChoice): void {
  choice = next;
  try {
    if (next === 'system') window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Not kept, but applied for this visit.
  }
  apply();
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The user's choice (not the resolved theme), for the profile menu. */
export const useThemeChoice = (): ThemeChoice => useSyncExternalStore(subscribe, () => choice);
