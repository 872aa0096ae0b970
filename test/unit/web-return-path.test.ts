/** The page opened before signing in, offered back after it: only a path of this site (safeReturnPath), remembered in the tab for 10 minutes. */
import { safeReturnPath } from '../../functions/domain/return-path';
import { forgetReturnPath, readReturnPath, rememberReturnPath, REMEMBER_FOR_MS, RETURN_PATH_KEY, returnLinkText } from '../../web/src/lib/session/return-path';
import { DASHBOARD_TEXTS, RETURN_NOTICE_TEXTS } from '../../web/src/config/texts';
import { MemoryStorage } from './support/memory-storage';

const HOSTILE = ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '/\t/evil.example'];

describe('safeReturnPath', () => {
  it('accepts only a path of this site: a single "/" first, no backslash, control character or space', () => {
    for (const good of ['/transcript/abc', '/transcript/abc?t=1500', '/dashboard?tab=projects#top', '/profile', '/transcript/a%2F%2Fb']) expect(safeReturnPath(good)).toBe(good);
    const bad = [
      '//evil.example',
      '//evil.example/transcript/abc',
      '/\\evil.example',
      '/\\/evil.example',
      '\\evil.example',
      'http://evil.example',
      'https:evil.example',
      'javascript:alert(1)',
      'evil.example',
      'transcript/abc',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /transcript/abc',
      '/transcript/abc def',
      '',
      `/${'a'.repeat(2000)}`,
      null,
      undefined,
    ];
    for (const value of bad) expect(safeReturnPath(value)).toBeUndefined();
  });
});

describe('the remembered return path', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') });
    storage = new MemoryStorage();
  });
  afterEach(() => jest.useRealTimers());

  it('keeps one { path, at } under one key; the latest page asked for wins', () => {
    rememberReturnPath('/profile', storage);
    rememberReturnPath('/transcript/abc?t=5#w12', storage);
    expect(storage.length).toBe(1);
    expect(JSON.parse(storage.getItem(RETURN_PATH_KEY) ?? '')).toEqual({ path: '/transcript/abc?t=5#w12', at: Date.now() });
    expect(readReturnPath(storage)).toEqual({ path: '/transcript/abc?t=5#w12', until: Date.now() + REMEMBER_FOR_MS });
  });

  it('is read until it is forgotten', () => {
    rememberReturnPath('/transcript/abc', storage);
    expect(readReturnPath(storage)?.path).toBe('/transcript/abc');
    expect(readReturnPath(storage)?.path).toBe('/transcript/abc');
    forgetReturnPath(storage);
    expect(readReturnPath(storage)).toBeUndefined();
    expect(storage.length).toBe(0);
  });

  it('is ignored after 10 minutes', () => {
    rememberReturnPath('/transcript/abc', storage);
    const { until } = readReturnPath(storage) ?? { until: 0 };
    jest.advanceTimersByTime(REMEMBER_FOR_MS);
    expect(readReturnPath(storage)).toEqual({ path: '/transcript/abc', until });
    expect(until).toBe(Date.now());
    jest.advanceTimersByTime(1);
    expect(readReturnPath(storage)).toBeUndefined();
  });

  it('is ignored when remembered "in the future" (a value written by someone else, or a clock set back)', () => {
    storage.setItem(RETURN_PATH_KEY, JSON.stringify({ path: '/transcript/abc', at: Date.now() + 60_000 }));
    expect(readReturnPath(storage)).toBeUndefined();
  });

  it('remembers nothing for the dashboard (a login goes there anyway) nor for a path of another site, and forgets an earlier page', () => {
    for (const path of ['/dashboard', ...HOSTILE]) {
      rememberReturnPath('/transcript/abc', storage);
      rememberReturnPath(path, storage);
      expect(storage.getItem(RETURN_PATH_KEY)).toBeNull();
    }
  });

  it('follows no stored value that is not a recent path of this site', () => {
    const at = Date.now();
    const stored = [
      ...HOSTILE.map((path) => JSON.stringify({ path, at })),
      JSON.stringify({ path: '/transcript/abc' }),
      JSON.stringify({ path: '/transcript/abc', at: String(at) }),
      JSON.stringify({ path: 42, at }),
      JSON.stringify('/transcript/abc'),
      JSON.stringify(null),
      '/transcript/abc',
      '{',
    ];
    for (const value of stored) {
      storage.setItem(RETURN_PATH_KEY, value);
      expect(readReturnPath(storage)).toBeUndefined();
    }
  });

  it('without storage (none, or refused) remembers nothing and fails nothing', () => {
    const refusing = new MemoryStorage();
    refusing.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    refusing.getItem = () => {
      throw new Error('SecurityError');
    };
    expect(() => rememberReturnPath('/transcript/abc', refusing)).not.toThrow();
    expect(readReturnPath(refusing)).toBeUndefined();
    rememberReturnPath('/transcript/abc', undefined);
    expect(readReturnPath(undefined)).toBeUndefined();
  });
});

describe('returnLinkText', () => {
  const T = RETURN_NOTICE_TEXTS.open;
  it('names the kind of page the notice links to: the transcript, the profile, a dashboard tab, else just "it"', () => {
    expect(returnLinkText('/transcript/abc?t=5#w12')).toBe(T.transcript);
    expect(returnLinkText('/profile')).toBe(T.profile);
    expect(returnLinkText('/dashboard?tab=projects')).toBe(T.tab(DASHBOARD_TEXTS.tabs.projects));
    expect(returnLinkText('/dashboard?tab=nonsense')).toBe(T.tab(DASHBOARD_TEXTS.tabs.transcribe));
    expect(returnLinkText('/somewhere-else')).toBe(T.page);
    expect(returnLinkText('/transcripts')).toBe(T.page);
  });
});
