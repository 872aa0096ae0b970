/**
 * Wraps a domain's route implementations into one Lambda handler (one Lambda per domain):
 * finds the route by the event's route key, refuses foreign origins on state-changing methods,
 * loads the session where the route table asks for one, and turns errors into JSON answers.
 */
import { ROUTES, routeKey, type Domain, type Route } from '../routes';
import { MESSAGES } from '../domain/messages';
import { SESSION_COOKIE_NAME } from '../domain/constants';
import { getConfig } from './config';
import { errorResult, header, HttpError, readCookie, type ApiEvent, type ApiResult } from './http';
import { logger } from './logger';
import { isUnavailable } from './unavailable';
import { findSession, type Session } from './sessions';

export interface RequestContext {
  event: ApiEvent;
  /** Present when the route requires a session. */
  session: Session | null;
  /** The raw session cookie, for logout. */
  sessionToken: string | undefined;
}

export type RouteImpl = (ctx: RequestContext) => Promise<ApiResult>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isForeignOrigin(event: ApiEvent): boolean {
  if (SAFE_METHODS.has(event.requestContext.http.method)) return false;
  const origin = header(event, 'origin');
  return origin !== undefined && !getConfig().APP_ORIGINS.includes(origin);
}

export function createDomainHandler(domain: Domain, impls: Record<string, RouteImpl>) {
  const routes = new Map<string, Route>(
    (ROUTES as readonly Route[]).filter((route) => route.domain === domain).map((route) => [routeKey(route), route]),
  );
  for (const key of routes.keys()) {
    if (!impls[key]) throw new Error(`Domain ${domain} has no implementation for ${key}`);
  }
  for (const key of Object.keys(impls)) {
    if (!routes.has(key)) throw new Error(`Domain ${domain} implements ${key}, which the route table does not give it`);
  }

  return async (event: ApiEvent): Promise<ApiResult> => {
    const route = routes.get(event.routeKey);
    const impl = impls[event.routeKey];
    if (!route || !impl) return errorResult(404, MESSAGES.routeNotFound);
    try {
      if (isForeignOrigin(event)) return errorResult(403, MESSAGES.foreignOrigin);
      const sessionToken = readCookie(event, SESSION_COOKIE_NAME);
      let session: Session | null = null;
      if (route.auth === 'session') {
        session = await findSession(sessionToken);
        if (!session) return errorResult(401, MESSAGES.notSignedIn);
      }
      return await impl({ event, session, sessionToken });
    } catch (error) {
      if (error instanceof HttpError) return errorResult(error.statusCode, error.message);
      if (isUnavailable(error)) {
        logger.warn('A dependency is unavailable', { routeKey: event.routeKey, error: error as Error });
        const unavailable = errorResult(503, MESSAGES.unavailable);
        return { ...unavailable, headers: { ...unavailable.headers, 'retry-after': '5' } };
      }
      logger.error('Unhandled error', { routeKey: event.routeKey, error: error as Error });
      return errorResult(500, MESSAGES.internal);
    }
  };
}

/** For routes whose table entry says `auth: 'session'`: the session is there by construction. */
export function requireSession(ctx: RequestContext): Session {
  if (!ctx.session) throw new HttpError(401, MESSAGES.notSignedIn);
  return ctx.session;
}
