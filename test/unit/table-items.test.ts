/**
 * The table's items as each entity writes them: keys, index keys and attribute names are what stored data is
 * read by, so a refactor of functions/data/entities must leave every one of them unchanged (issue 26). Each
 * entity's schema (functions as markers) and the requests ElectroDB builds for a full item, a minimal item
 * (defaults), a read, an update and a query on each index are pinned by a snapshot.
 */
import * as entities from '../../functions/data/entities';

type Definition = { type: unknown; items?: Definition; properties?: Record<string, Definition>; required?: boolean; default?: unknown };
type Index = { index?: string; pk: { composite: string[] }; sk?: { composite: string[] } };
type Schema = { attributes: Record<string, Definition>; indexes: { primary: Index } & Record<string, Index> };
type Request = { params(options: unknown): unknown };
type AnyEntity = { schema: Schema; put(item: unknown): Request; get(keys: unknown): Request; patch(keys: unknown): { set(values: unknown): Request }; query: Record<string, ((composites: unknown) => Request) | undefined> };

const TABLE = { table: 'table-items-test' };
const NOW = Date.parse('2026-03-01T12:00:00.000Z');

/** A value of the attribute's type, told apart by the attribute's name. */
function sample(name: string, definition: Definition): unknown {
  const { type } = definition;
  if (Array.isArray(type)) return type[type.length - 1];
  if (type === 'string') return `${name}-value`;
  if (type === 'number') return name.length * 1000 + 7;
  if (type === 'boolean') return true;
  if (type === 'list') return [sample(name, definition.items as Definition)];
  if (type === 'map') return Object.fromEntries(Object.entries(definition.properties ?? {}).map(([key, inner]) => [key, sample(key, inner)]));
  throw new Error(`no sample for ${name}: ${String(type)}`);
}

const itemOf = (schema: Schema, keep: (definition: Definition) => boolean) =>
  Object.fromEntries(Object.entries(schema.attributes).filter(([, definition]) => keep(definition)).map(([name, definition]) => [name, sample(name, definition)]));

const pick = (item: Record<string, unknown>, names: string[]) => Object.fromEntries(names.map((name) => [name, item[name]]));

/** The schema as data: functions (defaults, setters, index conditions) become markers. */
const schemaOf = (schema: Schema) => JSON.parse(JSON.stringify(schema, (_key, value: unknown) => (typeof value === 'function' ? '[function]' : value)));

beforeEach(() => jest.useFakeTimers({ now: NOW }));
afterEach(() => jest.useRealTimers());

describe.each(Object.entries(entities as unknown as Record<string, AnyEntity>))('%s', (_name, entity) => {
  const { schema } = entity;
  const full = itemOf(schema, () => true);
  const minimal = itemOf(schema, (definition) => definition.required === true && definition.default === undefined);
  const primary = schema.indexes.primary;
  const keys = pick(full, [...primary.pk.composite, ...(primary.sk?.composite ?? [])]);
  const firstPlain = Object.keys(schema.attributes).find((name) => !Object.values(schema.indexes).some((index) => [...index.pk.composite, ...(index.sk?.composite ?? [])].includes(name)));

  it('keeps its schema', () => {
    expect(schemaOf(schema)).toMatchSnapshot();
  });

  it('writes the same items and keys', () => {
    expect(entity.put(full).params(TABLE)).toMatchSnapshot('put, every attribute');
    expect(entity.put(minimal).params(TABLE)).toMatchSnapshot('put, required attributes only');
    expect(entity.get(keys).params(TABLE)).toMatchSnapshot('get');
    if (firstPlain) expect(entity.patch(keys).set(pick(full, [firstPlain])).params(TABLE)).toMatchSnapshot('patch');
    for (const [accessPattern, index] of Object.entries(schema.indexes)) {
      const query = entity.query[accessPattern];
      if (!query) throw new Error(`no query for ${accessPattern}`);
      expect(query(pick(full, [...index.pk.composite, ...(index.sk?.composite ?? [])])).params(TABLE)).toMatchSnapshot(`query ${accessPattern}`);
    }
  });
});
