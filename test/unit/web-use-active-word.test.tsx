/**
 * @jest-environment jsdom
 *
 * The reading view's spoken word (issue 14): the highlight follows the recording's time, scrolls only
 * while following, stops following when the reader scrolls away while it plays, and `?t=` opens at a
 * moment. A recording whose time and play state the test sets, on Jest's fake clock (animation frames).
 */
import { act, renderHook } from '@testing-library/react';
import { useActiveWord } from '@web/transcript/hooks/use-active-word';
import type { PlayerWord } from '@web/transcript/words';

const WORDS: PlayerWord[] = ['Ask', 'not', 'what', 'your', 'country'].map((text, index) => ({ index, text, start: index * 1000, end: index * 1000 + 800, group: 0 }));

/** An <audio> whose time and paused state are the test's (jsdom plays nothing). */
function fakeRecording() {
  const media = document.createElement('audio');
  let time = 0;
  let paused = true;
  Object.defineProperties(media, {
    currentTime: { get: () => time, set: (value: number) => (time = value) },
    paused: { get: () => paused },
    readyState: { get: () => 1 },
  });
  media.play = jest.fn(async () => {
    paused = false;
    media.dispatchEvent(new Event('play'));
  });
  return {
    media,
    at(seconds: number) {
      time = seconds;
      media.dispatchEvent(new Event('timeupdate'));
    },
    playing() {
      paused = false;
      media.dispatchEvent(new Event('play'));
    },
  };
}

function setUp(startMs?: number) {
  const root = document.createElement('div');
  for (const word of WORDS) {
    const span = document.createElement('span');
    span.dataset.index = String(word.index);
    span.textContent = word.text;
    root.append(span);
  }
  document.body.replaceChildren(root);
  const recording = fakeRecording();
  const scrolled: string[] = [];
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this.textContent ?? '');
  };
  const hook = renderHook(() => useActiveWord({ current: root }, { current: recording.media }, WORDS, startMs));
  const active = () => [...root.querySelectorAll('.w--active')].map((element) => element.textContent);
  return { hook, recording, scrolled, active };
}

beforeEach(() => {
  jest.useFakeTimers();
  window.matchMedia = jest.fn(() => ({ matches: false }) as MediaQueryList);
});
afterEach(() => jest.useRealTimers());

describe('useActiveWord', () => {
  it('highlights the word being spoken, one at a time, without scrolling while paused', () => {
    const { recording, scrolled, active } = setUp();
    expect(active()).toEqual(['Ask']);

    act(() => recording.at(2.3));
    expect(active()).toEqual(['what']);
    act(() => recording.at(0.1));
    expect(active()).toEqual(['Ask']);
    // Over a second of silence after the last word: nothing is being spoken.
    act(() => recording.at(6));
    expect(active()).toEqual([]);
    expect(scrolled).toEqual([]);
  });

  it('while playing, follows every frame and keeps the word in view; after scrolling away only "Back to playing" scrolls again', () => {
    const { hook, recording, scrolled, active } = setUp();
    act(() => recording.playing());
    recording.media.currentTime = 1.2;
    act(() => jest.advanceTimersByTime(50));
    expect(active()).toEqual(['not']);
    expect(scrolled).toContain('not');
    expect(hook.result.current.following).toBe(true);

    act(() => window.dispatchEvent(new Event('wheel')));
    expect(hook.result.current.following).toBe(false);
    scrolled.length = 0;
    recording.media.currentTime = 3.1;
    act(() => jest.advanceTimersByTime(50));
    expect(active()).toEqual(['your']);
    expect(scrolled).toEqual([]);

    act(() => hook.result.current.backToPlaying());
    expect(hook.result.current.following).toBe(true);
    expect(scrolled).toEqual(['your']);
  });

  it('a scroll key while paused does not stop following', () => {
    const { hook } = setUp();
    act(() => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageDown' })));
    expect(hook.result.current.following).toBe(true);
  });

  it('playing from a moment sets the time, plays and follows again', () => {
    const { hook, recording, active } = setUp();
    act(() => recording.playing());
    act(() => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'End' })));
    expect(hook.result.current.following).toBe(false);

    act(() => hook.result.current.playFrom(4000));
    expect(recording.media.currentTime).toBe(4);
    expect(recording.media.play).toHaveBeenCalled();
    expect(hook.result.current.following).toBe(true);
    act(() => jest.advanceTimersByTime(50));
    expect(active()).toEqual(['country']);
  });

  it('`?t=` opens at that moment: its word highlighted and in view, the recording moved there', () => {
    const { recording, scrolled, active } = setUp(3200);
    expect(active()).toEqual(['your']);
    expect(scrolled).toEqual(['your']);
    expect(recording.media.currentTime).toBe(3.2);
  });
});
