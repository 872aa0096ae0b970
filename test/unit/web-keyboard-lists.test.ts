/** Issue 15: the keys of the library's rows (no wrapping) and of a menu button's menu (wrapping). */
import { focusTarget } from '../../web/src/components/ui/menu-keys';
import { rowTarget } from '../../web/src/features/library/format';

const menuTarget = (key: string, index: number, count: number) => focusTarget(key, index, count, 'wrap');

describe('rowTarget', () => {
  it('moves one row with the arrows, stops at the ends, jumps with Home/End', () => {
    expect(rowTarget('ArrowDown', 0, 3)).toBe(1);
    expect(rowTarget('ArrowDown', 2, 3)).toBe(2);
    expect(rowTarget('ArrowUp', 1, 3)).toBe(0);
    expect(rowTarget('ArrowUp', 0, 3)).toBe(0);
    expect(rowTarget('Home', 2, 3)).toBe(0);
    expect(rowTarget('End', 0, 3)).toBe(2);
  });

  it('leaves other keys, and an empty list, alone', () => {
    expect(rowTarget('ArrowLeft', 1, 3)).toBeUndefined();
    expect(rowTarget('Enter', 1, 3)).toBeUndefined();
    expect(rowTarget('ArrowDown', 0, 0)).toBeUndefined();
  });
});

describe('menuTarget', () => {
  it('wraps around at both ends and jumps with Home/End', () => {
    expect(menuTarget('ArrowDown', 0, 4)).toBe(1);
    expect(menuTarget('ArrowDown', 3, 4)).toBe(0);
    expect(menuTarget('ArrowUp', 0, 4)).toBe(3);
    expect(menuTarget('Home', 2, 4)).toBe(0);
    expect(menuTarget('End', 1, 4)).toBe(3);
    expect(menuTarget('a', 1, 4)).toBeUndefined();
  });
});
