/**
 * @jest-environment jsdom
 *
 * Arrow keys within a group that is one Tab stop (issue 15): a menu wraps round its ends, rows stop at
 * them; Home/End go to the ends; the disabled items the selector leaves out are skipped; other keys are
 * left to the page (not prevented).
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { useRovingTabStop } from '@web/components/ui/use-roving-tab-stop';

function Group({ ends }: { ends: 'wrap' | 'stop' }) {
  const roving = useRovingTabStop<HTMLDivElement>('button:not(:disabled)', ends);
  return (
    <div ref={roving.ref} role="group" onKeyDown={(event) => roving.onKeyDown(event)}>
      <button type="button">One</button>
      <button type="button" disabled>
        Off
      </button>
      <button type="button">Two</button>
      <button type="button">Three</button>
    </div>
  );
}

const focused = () => document.activeElement?.textContent;
/** Presses `key` on what has the focus; true when the group took it (the page's default was prevented). */
const press = (key: string) => !fireEvent.keyDown(document.activeElement!, { key });
/** What has the focus after each of `keys`, pressed in turn. */
const focusAfterEach = (...keys: string[]) =>
  keys.map((key) => {
    press(key);
    return focused();
  });

describe('useRovingTabStop', () => {
  it('a menu (wrap): Down and Up move one item, skip disabled ones, and go round the ends', () => {
    render(<Group ends="wrap" />);
    screen.getByText('One').focus();
    expect(press('ArrowDown')).toBe(true);
    expect(focused()).toBe('Two');
    expect(focusAfterEach('ArrowDown', 'ArrowDown', 'ArrowUp')).toEqual(['Three', 'One', 'Three']);
  });

  it('rows (stop): the focus stays at the ends; Home and End jump there', () => {
    render(<Group ends="stop" />);
    screen.getByText('Three').focus();
    expect(focusAfterEach('ArrowDown', 'Home', 'ArrowUp', 'End')).toEqual(['Three', 'One', 'One', 'Three']);
  });

  it('other keys are left alone', () => {
    render(<Group ends="wrap" />);
    screen.getByText('Two').focus();
    expect(press('ArrowRight')).toBe(false);
    expect(press('a')).toBe(false);
    expect(focused()).toBe('Two');
  });
});
