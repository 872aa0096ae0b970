/** The route table holds against SPEC.md section 7, and every domain has its Lambda module. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMAINS, ROUTES, routeKey, type Route } from '../../functions/routes';

const ROOT = join(__dirname, '../..');
const SPEC = join(ROOT, '../shared/SPEC.md');

/** Rows of SPEC.md's "calls the product makes" table: `METHOD /path`. */
function specRouteKeys(): Set<string> {
  const keys = new Set<string>();
  for (const [, method, path] of readFileSync(SPEC, 'utf8').matchAll(/^\| (GET|POST|PUT|DELETE) (\/\S+)/gm)) keys.add(`${method} ${path}`);
  return keys;
}

it('lists routes that SPEC.md section 7 names, each once; any other route says why it exists', () => {
  const spec = specRouteKeys();
  expect(spec.size).toBeGreaterThan(20);
  const keys = ROUTES.map(routeKey);
  expect(new Set(keys).size).toBe(keys.length);
  for (const route of ROUTES as readonly Route[]) {
    if (!spec.has(routeKey(route))) expect(route.beyondSpec?.trim().length ?? 0).toBeGreaterThan(20);
  }
});

it('gives every domain a handler module, and every route a listed domain', () => {
  for (const domain of DOMAINS) expect(existsSync(join(ROOT, `functions/api/${domain}.ts`))).toBe(true);
  for (const route of ROUTES) expect(DOMAINS).toContain(route.domain);
});
