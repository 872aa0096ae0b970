/** The keys of a one-tab-stop list (the transcript's words): by item, by group, to the ends. */
import { rovingTarget } from '../../web/src/components/transcript/use-roving-tab-stop';

// Groups of three items: 0-2, 3-5, 6-8.
const groupStep = (index: number, direction: 1 | -1): number => Math.min(6, Math.max(0, (Math.floor(index / 3) + direction) * 3));

describe('rovingTarget', () => {
  it('moves by item with Left and Right, stopping at the ends', () => {
    expect(rovingTarget('ArrowRight', 4, 9, groupStep)).toBe(5);
    expect(rovingTarget('ArrowLeft', 4, 9, groupStep)).toBe(3);
    expect(rovingTarget('ArrowRight', 8, 9, groupStep)).toBe(8);
    expect(rovingTarget('ArrowLeft', 0, 9, groupStep)).toBe(0);
  });

  it('moves by group with Up and Down, and to the first or last item with Home and End', () => {
    expect(rovingTarget('ArrowDown', 4, 9, groupStep)).toBe(6);
    expect(rovingTarget('ArrowUp', 4, 9, groupStep)).toBe(0);
    expect(rovingTarget('Home', 4, 9, groupStep)).toBe(0);
    expect(rovingTarget('End', 4, 9, groupStep)).toBe(8);
  });

  it('leaves other keys to the browser (Enter and Space press the word)', () => {
    for (const key of ['Enter', ' ', 'Tab', 'a']) expect(rovingTarget(key, 4, 9, groupStep)).toBeUndefined();
  });
});
