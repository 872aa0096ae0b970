/**
 * @jest-environment jsdom
 *
 * Issue 28 point 1: each key point links to the moment it is said (`?t=` in seconds, which opens the reading
 * view there); a point with no moment, an answer without key points, and a missing topic show plainly.
 */
import { TextEncoder } from 'node:util';
import { render, screen } from '@testing-library/react';

// The router needs TextEncoder, which jsdom lacks: set before it loads.
Object.assign(globalThis, { TextEncoder });
const { MemoryRouter } = jest.requireActual<typeof import('react-router-dom')>('react-router-dom');
const { pointsOf, TopicAndBullets } = jest.requireActual<typeof import('@web/transcript/summary-box')>('@web/transcript/summary-box');

const shown = (topic: string, points: ReturnType<typeof pointsOf>) =>
  render(
    <MemoryRouter initialEntries={['/transcripts/t1']}>
      <TopicAndBullets topic={topic} points={points} />
    </MemoryRouter>,
  );

test('a key point with a moment links to it; one without has no link', () => {
  shown('Volcanoes and Magma', [
    { text: 'The key factor in an eruption is the magma itself.', start_ms: 83_000 },
    { text: 'The lecture explains volcanoes.', start_ms: null },
  ]);
  const link = screen.getByRole('link', { name: 'Play from 1:23' });
  expect(link.getAttribute('href')).toBe('/transcripts/t1?t=83');
  expect(link.closest('li')?.textContent).toContain('The key factor in an eruption is the magma itself.');
  expect(screen.getAllByRole('link')).toHaveLength(1);
  expect(screen.getByText('Volcanoes and Magma')).toBeTruthy();
});

test("takes an answer's key points, else the summary's lines; no topic shows no topic line", () => {
  expect(pointsOf({ summary: '- One.\nTwo.', key_points: [{ text: 'One.', start_ms: 5 }] })).toEqual([{ text: 'One.', start_ms: 5 }]);
  expect(pointsOf({ summary: '- One.\nTwo.' })).toEqual([
    { text: 'One.', start_ms: null },
    { text: 'Two.', start_ms: null },
  ]);
  const { container } = shown('', [{ text: 'One.', start_ms: null }]);
  expect(container.textContent).not.toContain('Topic');
  expect(screen.getByText('One.')).toBeTruthy();
});
