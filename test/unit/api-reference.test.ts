/** docs/api.md is the contract as it is: regenerate it with `npx tsx test/docs/api-reference.ts` after changing a route. */
import { readFileSync } from 'node:fs';
import { ROUTE_LIST } from '../../functions/contract';
import { API_REFERENCE, renderApiReference } from '../docs/api-reference';

it('docs/api.md is generated from the current contract', () => {
  expect(readFileSync(API_REFERENCE, 'utf8')).toBe(renderApiReference());
});

it('lists every route once, each with its answer and its error statuses', () => {
  const rows = renderApiReference()
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  expect(rows.map((row) => /^\| `([^`]+)`/.exec(row)![1])).toEqual(ROUTE_LIST.map((route) => route.key));
  for (const row of rows) {
    const [, , , , answer, errors] = row.split(' | ');
    expect(answer).toMatch(/^(200|201) `[\w[\]]+`(, or 202 `\w+` \(started as a job: poll it\))?$|^302 a redirect$|^200 a file$/);
    expect(errors).toMatch(/^\d{3}(, \d{3})*$/);
  }
});
