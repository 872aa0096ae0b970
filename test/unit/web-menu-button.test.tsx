/**
 * @jest-environment jsdom
 *
 * The menu button's items beyond actions and links (issue 28, the transcript page's Export menu): labelled
 * groups, download links, and check items that toggle and leave the menu open, all in one arrow-key order.
 */
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MenuButton, type MenuItem } from '@web/components/ui/menu-button';

// react-router needs a TextEncoder that jsdom lacks; these items have no route.
jest.mock('react-router-dom', () => ({ Link: () => null }));

afterEach(cleanup);

function ExportMenu() {
  const [times, setTimes] = useState(true);
  const items: MenuItem[] = [
    { key: 'txt', text: 'Plain text', download: '/export?format=txt', group: 'Transcript' },
    { key: 'srt', text: 'Subtitles', download: '/export?format=srt', group: 'Transcript' },
    { key: 'times', text: 'With times', checked: times, onSelect: () => setTimes(!times), group: 'Options' },
    { key: 'share', text: 'Share' },
  ];
  return (
    <MenuButton label="Export" items={items}>
      Export
    </MenuButton>
  );
}

const open = () => fireEvent.keyDown(screen.getByRole('button', { name: 'Export' }), { key: 'ArrowDown' });

it('shows its groups by name, formats as download links, and an ungrouped item after them', () => {
  render(<ExportMenu />);
  open();
  const menu = screen.getByRole('menu');
  const transcript = within(menu).getByRole('group', { name: 'Transcript' });
  expect(within(transcript).getAllByRole('menuitem').map((item) => item.getAttribute('href'))).toEqual(['/export?format=txt', '/export?format=srt']);
  expect(within(transcript).getByRole('menuitem', { name: 'Plain text' }).hasAttribute('download')).toBe(true);
  expect(within(menu).getByRole('group', { name: 'Options' })).toBeTruthy();
  expect(within(menu).getAllByRole('menuitem').at(-1)!.textContent).toBe('Share');
});

it('moves through every group in one order, round the ends', () => {
  render(<ExportMenu />);
  open();
  expect(document.activeElement?.textContent).toBe('Plain text');
  const menu = screen.getByRole('menu');
  const after = ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown'].map((key) => {
    fireEvent.keyDown(menu, { key });
    return document.activeElement?.textContent;
  });
  expect(after).toEqual(['Subtitles', 'With times', 'Share', 'Plain text']);
});

it('toggles a check item and stays open; Escape closes it and gives the focus back to its button', () => {
  render(<ExportMenu />);
  open();
  const times = screen.getByRole('menuitemcheckbox', { name: 'With times' });
  expect(times.getAttribute('aria-checked')).toBe('true');
  fireEvent.click(times);
  expect(screen.getByRole('menuitemcheckbox', { name: 'With times' }).getAttribute('aria-checked')).toBe('false');
  expect(screen.getByRole('menu')).toBeTruthy();
  fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
  expect(screen.queryByRole('menu')).toBeNull();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Export' }));
});
