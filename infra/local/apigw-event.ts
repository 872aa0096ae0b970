/**
 * Turns a Node HTTP request into the API Gateway HTTP API (payload 2.0) event that Lambda receives,
 * and a handler's result back into an HTTP response, so the same handlers run in both deployments.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Route } from '../../functions/contract';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../../functions/domain/constants';

type RoutePath = Pick<Route, 'method' | 'path'>;

export interface MatchedRoute<R extends RoutePath = Route> {
  route: R;
  pathParameters: Record<string, string>;
}

interface CompiledRoute<R extends RoutePath> {
  route: R;
  pattern: RegExp;
  names: string[];
}

/** `/api/transcripts/{id}` → a regex with one capture per parameter; `{proxy+}` spans slashes. */
export function compileRoutes<R extends RoutePath>(routes: readonly R[]): (method: string, path: string) => MatchedRoute<R> | null {
  const compiled: CompiledRoute<R>[] = routes.map((route) => {
    const names: string[] = [];
    const source = route.path
      .split('/')
      .map((segment) => {
        const param = /^\{(\w+)(\+?)\}$/.exec(segment);
        if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(param[1]!);
        return param[2] ? '(.+)' : '([^/]+)';
      })
      .join('/');
    return { route, pattern: new RegExp(`^${source}$`), names };
  });
  return (method, path) => {
    for (const { route, pattern, names } of compiled) {
      if (route.method !== method) continue;
      const match = pattern.exec(path);
      if (!match) continue;
      const pathParameters = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
      return { route, pathParameters };
    }
    return null;
  };
}

/** Bodies of these types travel as text; everything else (files, multipart) is base64, as API Gateway does. */
const TEXT_TYPES = /^(text\/|application\/(json|x-www-form-urlencoded|xml|javascript))/i;

/**
 * `originSecret`: what the gateway, standing in for CloudFront, adds as ORIGIN_VERIFY_HEADER;
 * `sourceIp`: the caller's address (infra/local/caller-address.ts), the socket's by default.
 */
export function toApiEvent(req: IncomingMessage, body: Buffer, matched: MatchedRoute<RoutePath>, originSecret?: string, sourceIp = req.socket.remoteAddress ?? '127.0.0.1'): APIGatewayProxyEventV2 {
  const url = new URL(req.url ?? '/', 'http://local');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    // No CloudFront in front locally: a viewer-address header is the client's own claim, so the socket
    // address counts; the origin header is the gateway's to set, as CloudFront overwrites a viewer's.
    if (value === undefined || name === 'cookie' || name === VIEWER_ADDRESS_HEADER || name === ORIGIN_VERIFY_HEADER) continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  if (originSecret !== undefined) headers[ORIGIN_VERIFY_HEADER] = originSecret;
  const cookies = (req.headers.cookie ?? '')
    .split(';')
    .map((cookie) => cookie.trim())
    .filter(Boolean);
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = query[name] ? `${query[name]},${value}` : value;
  const isText = TEXT_TYPES.test(headers['content-type'] ?? 'text/plain');
  const routeKey = `${matched.route.method} ${matched.route.path}`;
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies.length > 0 ? { cookies } : {}),
    headers,
    ...(url.search ? { queryStringParameters: query } : {}),
    ...(Object.keys(matched.pathParameters).length > 0 ? { pathParameters: matched.pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length > 0 ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !isText,
  };
}

export function writeApiResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, String(value));
  if (result.cookies?.length) res.setHeader('set-cookie', result.cookies);
  res.statusCode = result.statusCode ?? 200;
  const body = result.body ?? '';
  res.end(result.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}
