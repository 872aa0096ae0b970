/** Issue 29: how a live session's time is counted, and the languages the streaming service is asked for. */
import { streamingCodeOf, STREAMING_LANGUAGES } from '../../functions/domain/languages';
import { countedLiveMs, isSurelyOver, LIVE_SESSION_MAX_MS } from '../../functions/domain/live-minutes';

const session = { startedAt: 1_000_000 };

describe('countedLiveMs', () => {
  it('counts what the browser reports while it is within the time since the address was issued', () => {
    expect(countedLiveMs(session, session.startedAt + 60_000, 42.4)).toBe(42_400);
  });

  it('never counts less than nothing, nor more than the time since issue, nor more than one stream lasts', () => {
    expect(countedLiveMs(session, session.startedAt + 60_000, -5)).toBe(0);
    expect(countedLiveMs(session, session.startedAt + 60_000, 3600)).toBe(60_000);
    expect(countedLiveMs(session, session.startedAt + 10 * LIVE_SESSION_MAX_MS, 86_400)).toBe(LIVE_SESSION_MAX_MS);
  });

  it('counts a session never ended at the most it can have streamed', () => {
    expect(countedLiveMs(session, session.startedAt + 90_000)).toBe(90_000);
    expect(isSurelyOver(session, session.startedAt + 90_000)).toBe(false);
    expect(countedLiveMs(session, session.startedAt + 5 * LIVE_SESSION_MAX_MS)).toBe(LIVE_SESSION_MAX_MS);
    expect(isSurelyOver(session, session.startedAt + LIVE_SESSION_MAX_MS)).toBe(true);
  });
});

describe('the streaming languages', () => {
  it('are product languages with a streaming code, named by name or ISO code', () => {
    expect(streamingCodeOf('French')).toBe('fr-FR');
    expect(streamingCodeOf('ja')).toBe('ja-JP');
    expect(streamingCodeOf('Swahili')).toBeUndefined();
    expect(streamingCodeOf('Yoruba')).toBeUndefined();
    expect(streamingCodeOf('Klingon')).toBeUndefined();
    expect(STREAMING_LANGUAGES.map((language) => language.code)).toEqual(['en', 'fr', 'es', 'de', 'ar', 'hi', 'zh', 'ru', 'pt', 'it', 'ko', 'ja', 'nl', 'pl', 'uk', 'el', 'he', 'zu']);
  });
});
