/**
 * @jest-environment jsdom
 *
 * "Undo last correction" sits under the paragraph the correction changed (reading-view.tsx, undoParagraph),
 * and stays on the page when the correction emptied what it changed: a deleted sentence's group, or a whole
 * paragraph's, is in no paragraph any more. The corrections go through the real paragraph split and text edit.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { changedGroups, readingParagraphs, ReadingView } from '@web/transcript/reading-view';
import { READING_TEXTS } from '@web/transcript/texts';
import { applyTextEdits } from '../../functions/domain/text-edit';
import type { WordGroup } from '../../functions/domain/parse-transcript';

const W = READING_TEXTS;

// react-router needs a TextEncoder that jsdom lacks; the speaker menu's MenuButton imports it, the view uses no route.
jest.mock('react-router-dom', () => ({ Link: () => null }));

/** A sentence of `count` words from `from` ms. */
const sentence = (name: string, count: number, from: number): WordGroup['words'] =>
  Array.from({ length: count }, (_, index) => ({ word: `${name}${index}${index === count - 1 ? '.' : ''}`, start: from + index * 300, end: from + index * 300 + 250 }));

/** Three turns: Ann's three sentences (one paragraph), then Bob's one, then Cy's. */
const GROUPS: WordGroup[] = [
  { speaker: 'Ann', words: sentence('a', 3, 0) },
  { speaker: 'Ann', words: sentence('b', 3, 1000) },
  { speaker: 'Ann', words: sentence('c', 3, 2000) },
  { speaker: 'Bob', words: sentence('d', 3, 5000) },
  { speaker: 'Cy', words: sentence('e', 3, 9000) },
];

/** The paragraph at `position` corrected to `text`, as the server stores it: its groups after, and the groups changed. */
function corrected(position: number, text: string): { groups: WordGroup[]; changed: number[] } {
  const changes = changedGroups(readingParagraphs(GROUPS)[position]!, text);
  const body = applyTextEdits({ text: '', word_timings: GROUPS, speakers: [] }, changes, false);
  return { groups: body.word_timings, changed: changes.map(({ index }) => index) };
}

function showAfter({ groups, changed }: { groups: WordGroup[]; changed: number[] }): HTMLElement {
  render(<ReadingView groups={groups} mediaRef={createRef<HTMLMediaElement>()} undo={{ groups: changed, busy: false, onUndo: () => undefined }} onCorrect={async () => undefined} />);
  return screen.getByRole('button', { name: W.undo });
}

/** The paragraph (its Edit button's name) just before `element` in the page. */
const editButtonBefore = (element: HTMLElement): string | undefined =>
  screen
    .getAllByRole('button', { name: /^Edit the paragraph/ })
    .filter((edit) => edit.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING)
    .at(-1)
    ?.getAttribute('aria-label') ?? undefined;

it('is under the paragraph it changed', () => {
  const undo = showAfter(corrected(1, 'd0 d1 Zanzibar.'));
  expect(editButtonBefore(undo)).toBe(W.editParagraph('0:05'));
});

it('stays when the correction deleted the first sentence of a paragraph (its group is empty now)', () => {
  const edit = corrected(0, 'b0 b1 b2. c0 c1 c2.');
  expect(edit.changed).toEqual([0]);
  const undo = showAfter(edit);
  // Ann's paragraph now starts with her second sentence.
  expect(editButtonBefore(undo)).toBe(W.editParagraph('0:01'));
});

it('stays when the correction deleted a whole paragraph: under the one now in its place (the next), else the last', () => {
  expect(editButtonBefore(showAfter(corrected(1, '')))).toBe(W.editParagraph('0:09'));
  cleanup();
  expect(editButtonBefore(showAfter(corrected(2, '')))).toBe(W.editParagraph('0:05'));
});

it('stays when no paragraph is left', () => {
  const groups = GROUPS.map((group) => ({ ...group, words: [] }));
  expect(showAfter({ groups, changed: [0, 1, 2, 3, 4] })).toBeTruthy();
});
