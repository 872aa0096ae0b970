/**
 * @jest-environment jsdom
 *
 * When a transcript was made and how long it is, as the library row (terms for screen readers only) and the
 * transcript page (terms shown) both list them (web/src/transcript/meta.tsx).
 */
import { render } from '@testing-library/react';
import { WhenAndLength } from '@web/transcript/meta';

const list = (element: React.ReactElement) => render(<dl>{element}</dl>).container.querySelector('dl')!;

it('lists the date and the length, each with its term', () => {
  const dl = list(<WhenAndLength createdAt="2026-11-23T10:30:00Z" durationMs={95_000} />);
  expect([...dl.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.className])).toEqual([
    ['Created', ''],
    ['Length', ''],
  ]);
  expect(dl.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-23T10:30:00Z');
  expect(dl.querySelectorAll('dd')[1]?.textContent).toBe('1:35');
});

it('hides the terms from sight on request, and leaves out what is unknown', () => {
  const dl = list(<WhenAndLength createdAt="2026-11-23T10:30:00Z" durationMs={null} hiddenTerms />);
  expect([...dl.querySelectorAll('dt')].map((dt) => dt.className)).toEqual(['visually-hidden']);
  expect(list(<WhenAndLength createdAt={undefined} durationMs={undefined} />).children).toHaveLength(0);
});
