/**
 * @jest-environment jsdom
 *
 * Issue 30: a summary template that found nothing (a recording where no one commits to anything has no action
 * items) says so in its tab, instead of an empty panel; one with lines lists them.
 */
import { TextEncoder } from 'node:util';
import { fireEvent, render, screen } from '@testing-library/react';
import { TRANSCRIPTS_TEXTS } from '@web/transcript/texts';

// The router needs TextEncoder, which jsdom lacks: set before it loads (as web-key-points.test does).
Object.assign(globalThis, { TextEncoder });
const { MemoryRouter } = jest.requireActual<typeof import('react-router-dom')>('react-router-dom');
const { SummaryTabs } = jest.requireActual<typeof import('@web/transcript/summary-box')>('@web/transcript/summary-box');

const made = (lines: string[]) => ({ lines, created_at: '2026-11-28T09:00:00Z', outdated: false });

it('an empty template says nothing was found; one with lines lists them', () => {
  render(
    <MemoryRouter>
      <SummaryTabs keyPointsTitle="Key points" summaries={{ action_items: made([]), meeting_minutes: made(['Decided: launch in April.']) }}>
        <p>the key points</p>
      </SummaryTabs>
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('tab', { name: 'Action items' }));
  expect(screen.getByRole('tabpanel').textContent).toBe(TRANSCRIPTS_TEXTS.templateEmpty('Action items'));
  fireEvent.click(screen.getByRole('tab', { name: 'Meeting minutes' }));
  expect(screen.getByRole('listitem').textContent).toBe('Decided: launch in April.');
});
