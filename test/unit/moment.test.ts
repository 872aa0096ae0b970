/** `?t=` (issue 28 point 6): the moment a transcript page opens at, and the form its links give. */
import { momentParam, parseMoment } from '../../functions/domain/moment';

const MINUTES_20 = 20 * 60_000;

describe('parseMoment', () => {
  it('reads seconds, whole or not', () => {
    expect(parseMoment('60')).toBe(60_000);
    expect(parseMoment('0')).toBe(0);
    expect(parseMoment('16.002')).toBe(16_002);
    expect(parseMoment(' 90 ')).toBe(90_000);
  });

  it('reads a clock: m:ss and h:mm:ss', () => {
    expect(parseMoment('1:05')).toBe(65_000);
    expect(parseMoment('0:07')).toBe(7_000);
    expect(parseMoment('1:02:05')).toBe(3_725_000);
    expect(parseMoment('75:00')).toBe(4_500_000);
  });

  it('reads hours, minutes and seconds with units, any of them, in that order', () => {
    expect(parseMoment('1h2m5s')).toBe(3_725_000);
    expect(parseMoment('2m')).toBe(120_000);
    expect(parseMoment('90s')).toBe(90_000);
    expect(parseMoment('1h')).toBe(3_600_000);
    expect(parseMoment('1H30M')).toBe(5_400_000);
    expect(parseMoment('1m30.5s')).toBe(90_500);
  });

  it('opens at the start for nothing usable: missing, negative, a word, a bad clock, units out of order', () => {
    for (const value of [null, '', '-5', 'soon', '1:60', '1:5', ':30', '1::05', '5s2m', 'h', '1h2', 'Infinity', '1e3', '0x10']) {
      expect(parseMoment(value)).toBeUndefined();
    }
  });

  it("keeps an older link's milliseconds working where that is unambiguous: past the end in seconds, within it in ms", () => {
    // A 20-minute recording: 65000 s is past its end, 65000 ms (1:05) is within it.
    expect(parseMoment('65000', MINUTES_20)).toBe(65_000);
    expect(parseMoment('1199999', MINUTES_20)).toBe(1_199_999);
    // Within the recording as seconds: seconds (the form links give now).
    expect(parseMoment('600', MINUTES_20)).toBe(600_000);
    // Past the end either way: seconds (the player stops at the end).
    expect(parseMoment('5000000', MINUTES_20)).toBe(5_000_000_000);
    // Only a bare whole number can be an older link.
    expect(parseMoment('1300.5', MINUTES_20)).toBe(1_300_500);
    expect(parseMoment('65000s', MINUTES_20)).toBe(65_000_000);
    // The recording's length unknown: seconds.
    expect(parseMoment('65000')).toBe(65_000_000);
  });
});

describe('momentParam', () => {
  it('gives seconds, with milliseconds only when there are any, which parseMoment reads back', () => {
    expect(momentParam(65_000)).toBe('65');
    expect(momentParam(16_002)).toBe('16.002');
    expect(momentParam(0)).toBe('0');
    for (const ms of [0, 1, 999, 16_002, 65_000, 3_725_250]) expect(parseMoment(momentParam(ms))).toBe(ms);
  });

  it('rounds to whole milliseconds and never goes below 0', () => {
    expect(momentParam(1234.56)).toBe('1.235');
    expect(momentParam(-3)).toBe('0');
  });
});
