/**
 * Route keys (`'GET /api/transcripts/{id}'`) as the one spelling of an API path: the method and the
 * path come from the key, path ids are filled in encoded. No zod here: the web app imports it.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `'/api/transcripts/{id}'` of `'GET /api/transcripts/{id}'`. */
export type PathOf<K extends string> = K extends `${string} ${infer P}` ? P : never;
/** The names of a path's `{…}` parameters. */
export type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer R}` ? N | ParamNames<R> : never;
export type PathParams<K extends string> = Record<ParamNames<PathOf<K>>, string>;

export function splitRouteKey<K extends string>(key: K): { method: HttpMethod; path: PathOf<K> } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as HttpMethod, path: key.slice(space + 1) as PathOf<K> };
}

/** The path of a route key with its ids filled in: `('GET /api/tags/{id}', {id: 'a b'})` → `/api/tags/a%20b`. */
export function routePath<K extends string>(key: K, params: PathParams<K>): string {
  const values = params as Record<string, string>;
  return splitRouteKey(key).path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}
