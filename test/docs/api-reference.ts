/**
 * docs/api.md, generated from the API contract: every route with its domain, auth, path ids, query, body
 * or form fields (from the zod schemas, as JSON Schema of what the client sends) and its answer (the view
 * type named in the contract's source). `npx tsx test/docs/api-reference.ts` writes it;
 * test/unit/api-reference.test.ts fails while it is out of date.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { routeErrors, ROUTES, type RouteKey, type RouteSpec } from '../../functions/contract';

const ROOT = resolve(__dirname, '../..');
const CONTRACT = join(ROOT, 'functions/contract');
export const API_REFERENCE = join(ROOT, 'docs/api.md');

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/** A field's type in a few words: `string`, `integer or null`, `"txt" | "srt"`, `array of string`. */
function typeOf(schema: JsonSchema): string {
  if (schema.enum) return `one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf) {
    const types = schema.anyOf.map(typeOf);
    return types.includes('any') ? 'any' : types.join(' or ');
  }
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  if (schema.type === 'array') return schema.items ? `array of ${typeOf(schema.items)}` : 'array';
  return schema.format === 'file' ? 'file' : (schema.type ?? 'any');
}

/** `name` (type), with `?` on the optional ones. */
function fields(schema: z.ZodType): string {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    // A form's file is z.instanceof(File), which JSON Schema can't say.
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'custom') jsonSchema.format = 'file';
    },
  }) as JsonSchema;
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {})
    .map(([name, field]) => `\`${name}${required.has(name) ? '' : '?'}\` ${typeOf(field)}`)
    .join(', ');
}

/** The answer as the contract's source writes it: the view of `json(X)` (`X[]` for `json(z.array(X))`), a redirect or a file. */
function answers(): Map<string, string> {
  const source = readdirSync(CONTRACT)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => readFileSync(join(CONTRACT, name), 'utf8'))
    .join('\n');
  const found = new Map<string, string>();
  for (const key of Object.keys(ROUTES)) {
    const from = source.indexOf(`'${key}':`);
    const next = source.slice(from + 1).search(/'(GET|POST|PUT|PATCH|DELETE) \//);
    const entry = source.slice(from, next < 0 ? undefined : from + 1 + next);
    const answer = /answer: (?:json\((?:z\.array\(([\w.]+)(?:\(\))?\)|([\w.]+))(?:, 201)?\)|(REDIRECT)|(FILE))/.exec(entry);
    if (from < 0 || !answer) continue;
    const view = answer[1] ? `${answer[1].replace(/^z\./, '')}[]` : answer[2];
    // Issue 31: a route that may start its work as a job answers 202 with its `accepted` view instead.
    const accepted = /\n\s+accepted: (\w+),/.exec(entry)?.[1];
    found.set(key, `${view ? `\`${view}\`` : answer[3] ? 'a redirect' : 'a file'}${accepted ? `, or 202 \`${accepted}\` (started as a job: poll it)` : ''}`);
  }
  return found;
}

function row(key: RouteKey, spec: RouteSpec, answer: string | undefined): string {
  const input = [
    spec.params && `path: ${Object.keys(spec.params).map((name) => `\`${name}\``).join(', ')}`,
    spec.query && `query: ${fields(spec.query)}`,
    spec.body && `JSON: ${fields(spec.body)}`,
    spec.form && `form: ${fields(spec.form)}`,
  ].filter(Boolean);
  const status = spec.answer.kind === 'json' ? spec.answer.status : spec.answer.kind === 'redirect' ? 302 : 200;
  const errors = [...routeErrors(spec)].sort().join(', ');
  const cells = [`\`${key}\``, spec.domain, spec.auth, input.join('; '), `${status} ${answer ?? ''}`, errors, spec.beyondSpec ?? ''];
  return `| ${cells.map((cell) => cell.replace(/\|/g, '\\|').replace(/\n/g, ' ')).join(' | ')} |`;
}

export function renderApiReference(): string {
  const found = answers();
  const rows = (Object.entries(ROUTES) as [RouteKey, RouteSpec][]).map(([key, spec]) => row(key, spec, found.get(key)));
  return [
    '# API reference',
    '',
    '<!-- Generated from functions/contract/ by `npx tsx test/docs/api-reference.ts`: do not edit by hand. -->',
    '',
    'Every route of the contract (`functions/contract/`). **Auth** `session`: without a valid session',
    'cookie the answer is a 401 before the handler runs. **Input** is what the client sends (a `?` marks an',
    'optional field); a bad path id is a 404, bad query, JSON or form a 400 with the schema\'s message. The',
    'answer types are next to their routes in `functions/contract/` (one file per area). **Answer** is the',
    'status and the view of a success; **Errors** the statuses the route may answer instead, each with',
    '`{"error": "…"}` (and `retry_after` seconds, when known, for 429 and 503). **Why** is given for routes',
    'beyond the product\'s own calls ([product.md](product.md#calls)).',
    '',
    '| Route | Domain | Auth | Input | Answer | Errors | Why |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (require.main === module) writeFileSync(API_REFERENCE, renderApiReference());
