/** Issue 15: the keys of the library's rows (no wrapping) and of a menu button's menu (wrapping). */
import { focusTarget } from '../../web/src/components/ui/menu-keys';
import { rowTarget } from '../../web/src/features/library/format';

type Target = (key: string, index: number, count: number) => number | undefined;
type Press = [key: string, index: number, count: number];

const menuTarget: Target = (key, index, count) => focusTarget(key, index, count, 'wrap');
/** Where `target` sends the focus for each press: a key, the index it is pressed on and the list's length. */
const targets = (target: Target, ...presses: Press[]) => presses.map(([key, index, count]) => target(key, index, count));

describe('rowTarget', () => {
  it('moves one row with the arrows, stops at the ends, jumps with Home/End', () => {
    expect(targets(rowTarget, ['ArrowDown', 0, 3], ['ArrowDown', 2, 3], ['ArrowUp', 1, 3], ['ArrowUp', 0, 3], ['Home', 2, 3], ['End', 0, 3])).toEqual([1, 2, 0, 0, 0, 2]);
  });

  it('leaves other keys, and an empty list, alone', () => {
    expect(targets(rowTarget, ['ArrowLeft', 1, 3], ['Enter', 1, 3], ['ArrowDown', 0, 0])).toEqual([undefined, undefined, undefined]);
  });
});

describe('menuTarget', () => {
  it('wraps around at both ends and jumps with Home/End', () => {
    expect(targets(menuTarget, ['ArrowDown', 0, 4], ['ArrowDown', 3, 4], ['ArrowUp', 0, 4], ['Home', 2, 4], ['End', 1, 4], ['a', 1, 4])).toEqual([1, 0, 3, 0, 3, undefined]);
  });
});
