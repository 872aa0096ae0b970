/**
 * The browser's rules the smoke test (infra/smoke.ts) holds a deployment to, as a browser applies them: the page's
 * content-security policy for a request's address, and a CORS answer for a cross-origin upload (issue 31 point 6).
 * Each answers null when the browser lets the request through, else the reason it would refuse it.
 */

/** The request a browser is about to make from `origin` (what its preflight asks for). */
export interface CorsRequest {
  origin: string;
  method: string;
  /** Request headers beyond the CORS-safelisted ones (lower case), e.g. content-type for a typed file. */
  headers: readonly string[];
}

const listOf = (value: string | null): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);

const allows = (list: readonly string[], item: string): boolean => list.includes('*') || list.includes(item.toLowerCase());

const originRefusal = (headers: Headers, origin: string): string | null => {
  const allowed = headers.get('access-control-allow-origin');
  return allowed === '*' || allowed === origin ? null : `allows origin ${allowed ?? '(none)'}, not ${origin}`;
};

/** Why the browser would refuse this answer to its preflight (OPTIONS) for `request`, or null. */
export function preflightRefusal(status: number, headers: Headers, request: CorsRequest): string | null {
  if (status < 200 || status > 299) return `the preflight answered ${status}`;
  const origin = originRefusal(headers, request.origin);
  if (origin) return `the preflight ${origin}`;
  if (!allows(listOf(headers.get('access-control-allow-methods')), request.method)) return `the preflight does not allow ${request.method}`;
  const missing = request.headers.filter((header) => !allows(listOf(headers.get('access-control-allow-headers')), header));
  return missing.length ? `the preflight does not allow the header ${missing.join(', ')}` : null;
}

/** Why the page could not read this cross-origin answer, or the headers it needs of it (`exposed`, e.g. ETag), or null. */
export function responseRefusal(headers: Headers, origin: string, exposed: readonly string[]): string | null {
  const refused = originRefusal(headers, origin);
  if (refused) return `the answer ${refused}`;
  const missing = exposed.filter((header) => !allows(listOf(headers.get('access-control-expose-headers')), header));
  return missing.length ? `the answer does not expose ${missing.join(', ')} to the page` : null;
}

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' };
const portOf = (url: URL): string => url.port || DEFAULT_PORTS[url.protocol] || '';

/** Whether one source expression of CSP3 (host-source, scheme-source, 'self', *) matches `target` on a page at `page`. */
function sourceMatches(source: string, page: URL, target: URL): boolean {
  const lower = source.toLowerCase();
  if (lower === "'self'") return target.origin === page.origin;
  if (lower === '*') return ['http:', 'https:', 'ws:', 'wss:'].includes(target.protocol);
  if (/^[a-z][a-z0-9+.-]*:$/.test(lower)) return target.protocol === lower || (lower === 'http:' && target.protocol === 'https:');
  const parts = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[a-z0-9.-]+)(?::(\*|\d+))?(\/.*)?$/.exec(lower);
  if (!parts) return false; // a keyword ('none', 'unsafe-inline') or a nonce: no address matches it
  const [, scheme, host, port, path] = parts;
  const schemeOk = scheme ? target.protocol === `${scheme}:` || (scheme === 'http' && target.protocol === 'https:') : target.protocol === page.protocol || (page.protocol === 'http:' && target.protocol === 'https:');
  const hostName = target.hostname.toLowerCase();
  const hostOk = host === '*' || (host!.startsWith('*.') ? hostName.endsWith(host!.slice(1)) : hostName === host);
  const portOk = port === '*' || (port ?? DEFAULT_PORTS[scheme ? `${scheme}:` : target.protocol]) === portOf(target);
  const pathOk = !path || (path.endsWith('/') ? target.pathname.startsWith(path) : target.pathname === path);
  return schemeOk && hostOk && portOk && pathOk;
}

/** The sources of `directive` in one policy, or of default-src when it has none; undefined when neither is set. */
function sourcesOf(policy: string, directive: string): string[] | undefined {
  const directives = new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!.toLowerCase(), sources] as const),
  );
  return directives.get(directive) ?? directives.get('default-src');
}

/**
 * Why the page's content-security policy (the header's value; several policies joined by commas are all enforced)
 * would block a `directive` request (connect-src: fetch and XMLHttpRequest) to `target` from a page at `page`, or null.
 */
export function cspRefusal(policy: string, directive: string, page: string, target: string): string | null {
  const pageUrl = new URL(page);
  const targetUrl = new URL(target);
  for (const one of policy.split(',')) {
    const sources = sourcesOf(one, directive);
    if (sources && !sources.some((source) => sourceMatches(source, pageUrl, targetUrl))) return `${directive} (${sources.join(' ')}) does not allow ${targetUrl.origin}`;
  }
  return null;
}

/**
 * A copy of a RIFF WAV file made `size` bytes long by a JUNK chunk at its end, which readers skip: the same
 * speech, in a file big enough for a multipart upload (without paying for minutes of silence to be transcribed).
 */
export function paddedWav(wav: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  const padding = size - wav.length - 8;
  if (wav.length % 2 || padding < 0 || padding % 2) throw new Error(`A WAV of ${wav.length} bytes can't be padded to ${size}.`);
  const padded = new Uint8Array(size);
  padded.set(wav);
  const view = new DataView(padded.buffer);
  view.setUint32(4, size - 8, true);
  padded.set(new TextEncoder().encode('JUNK'), wav.length);
  view.setUint32(wav.length + 4, padding, true);
  return padded;
}

/** The scripts a page loads (src of its script tags): the app's HTML names its entry script. */
export const scriptsOf = (html: string): string[] => [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/gi)].map((match) => match[1]!);
