/** Transcript detail presentation (docs/product.md#screens-and-routes, #errors). */
import { ApiRequestError, NetworkError } from '../../web/src/lib/api-client';
import { formatDateTime, startFrom, summaryBullets, transcriptLoadError } from '../../web/src/transcript/format';

describe('summaryBullets', () => {
  it('gives one bullet per line with the leading dash removed', () => {
    expect(summaryBullets('- First point\n- Second point\nThird without dash\n\n  -  Fourth  ')).toEqual(['First point', 'Second point', 'Third without dash', 'Fourth']);
  });

  it('is empty without a summary', () => {
    expect(summaryBullets(undefined)).toEqual([]);
    expect(summaryBullets('')).toEqual([]);
  });

  it('keeps a dash inside a line', () => {
    expect(summaryBullets('- well-known fact')).toEqual(['well-known fact']);
  });
});

describe('transcriptLoadError', () => {
  it("is 'Error: ' plus the answer's error field", () => {
    expect(transcriptLoadError(new ApiRequestError(404, 'Not found.', 'Not found.', { error: 'Not found.' }))).toBe('Error: Not found.');
  });

  it("is 'Failed to load transcript.' without an answer or an error field", () => {
    expect(transcriptLoadError(new NetworkError())).toBe('Failed to load transcript.');
    expect(transcriptLoadError(new ApiRequestError(502, 'x', undefined, undefined))).toBe('Failed to load transcript.');
  });
});

describe('formatDateTime', () => {
  it('formats a date and keeps anything else as it is', () => {
    expect(formatDateTime('2025-07-09T10:30:00Z')).toMatch(/2025/);
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDateTime(undefined)).toBeUndefined();
  });
});

describe('startFrom', () => {
  const groups = [{ words: [{ end: 400 }, { end: 90_000 }] }];

  it('reads ?t= in seconds; a missing, negative or unreadable one opens at the start', () => {
    expect(startFrom(new URLSearchParams('t=60'), groups)).toBe(60_000);
    expect(startFrom(new URLSearchParams('t=1:05'), groups)).toBe(65_000);
    expect(startFrom(new URLSearchParams('t=0'), groups)).toBe(0);
    expect(startFrom(new URLSearchParams(''), groups)).toBeUndefined();
    expect(startFrom(new URLSearchParams('t=-5'), groups)).toBeUndefined();
    expect(startFrom(new URLSearchParams('t=soon'), groups)).toBeUndefined();
  });

  it("reads an older link's milliseconds against the recording's length: its duration, else its last word's end", () => {
    expect(startFrom(new URLSearchParams('t=83000'), groups)).toBe(83_000);
    expect(startFrom(new URLSearchParams('t=83000'), groups, 60_000)).toBe(83_000_000);
    expect(startFrom(new URLSearchParams('t=83000'), [])).toBe(83_000_000);
  });
});
