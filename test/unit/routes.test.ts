/**
 * The contract holds against docs/product.md#calls both ways: each route of the product's table is in the contract,
 * and each contract route is in that table or says why not. The table is copied into the repository
 * (test/fixtures/spec-routes.md) so this runs in a plain clone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTE_LIST } from '../../functions/contract';

/** Rows of docs/product.md "calls the product makes" table: `METHOD /path`. */
function specRouteKeys(): Set<string> {
  const table = readFileSync(join(__dirname, '../fixtures/spec-routes.md'), 'utf8');
  return new Set([...table.matchAll(/^\| (GET|POST|PUT|DELETE) (\/\S+)/gm)].map(([, method, path]) => `${method} ${path}`));
}

const spec = specRouteKeys();
const contract = new Set<string>(ROUTE_LIST.map((route) => route.key));

it("reads the product's route table", () => {
  expect(spec.size).toBeGreaterThan(20);
});

it.each([...specRouteKeys()])("has the product's route %s in the contract", (key) => {
  expect(contract).toContain(key);
});

it.each(ROUTE_LIST.map((route) => [route.key, route] as const))("has %s in the product's table, or says why not", (key, route) => {
  if (!spec.has(key)) expect(route.beyondSpec?.trim().length ?? 0).toBeGreaterThan(20);
  else expect(route.beyondSpec).toBeUndefined();
});
