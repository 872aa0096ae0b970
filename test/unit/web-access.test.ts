/** The access rules of docs/product.md#screens-and-routes, as the web app decides them. */
import { decideAccess, postLoginTarget, type SessionState } from '../../web/src/lib/session/access';
import { ROUTE_TABLE } from '../../web/src/app/route-table';

const signedIn: SessionState = { status: 'ready', session: { email: 'a@example.com', user: 'u1', first_login: false, sign_in_method: 'password' } };
const signedOut: SessionState = { status: 'ready', session: null };

describe('decideAccess', () => {
  it('shows the loading screen while the session loads, for guarded routes only', () => {
    expect(decideAccess('signed-in', { status: 'loading' })).toEqual({ kind: 'loading' });
    expect(decideAccess('signed-out', { status: 'loading' })).toEqual({ kind: 'loading' });
    expect(decideAccess('open', { status: 'loading' })).toEqual({ kind: 'render' });
  });

  it('sends signed-in visitors of signed-out-only routes to /dashboard', () => {
    expect(decideAccess('signed-out', signedIn)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decideAccess('signed-out', signedOut)).toEqual({ kind: 'render' });
  });

  it('sends signed-out visitors of signed-in-only routes to /login', () => {
    expect(decideAccess('signed-in', signedOut)).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideAccess('signed-in', signedIn)).toEqual({ kind: 'render' });
  });

  it('renders open routes whatever the session', () => {
    for (const state of [signedIn, signedOut, { status: 'error' } as const]) expect(decideAccess('open', state)).toEqual({ kind: 'render' });
  });

  it('keeps public pages usable when the session cannot be checked, and says so on private ones', () => {
    expect(decideAccess('signed-out', { status: 'error' })).toEqual({ kind: 'render' });
    expect(decideAccess('signed-in', { status: 'error' })).toEqual({ kind: 'error' });
  });
});

describe('postLoginTarget', () => {
  it('goes to /welcome on first login, /dashboard otherwise, /login without a session', () => {
    expect(postLoginTarget({ email: 'a@example.com', user: 'u1', first_login: true })).toBe('/welcome');
    expect(postLoginTarget({ email: 'a@example.com', user: 'u1', first_login: false })).toBe('/dashboard');
    expect(postLoginTarget({ email: 'a@example.com', user: 'u1' })).toBe('/dashboard');
    expect(postLoginTarget(null)).toBe('/login');
  });
});

describe('the route table', () => {
  // docs/product.md#screens-and-routes, row by row.
  const expected: [string, string][] = [
    ['/', 'signed-out'],
    ['/login', 'signed-out'],
    ['/signup', 'signed-out'],
    ['/forgot-password', 'signed-out'],
    ['/reset-password/:token', 'signed-out'],
    ['/dashboard', 'signed-in'],
    ['/profile', 'signed-in'],
    ['/transcript/:id', 'signed-in'],
    ['/welcome', 'open'],
    ['/verify', 'open'],
    ['/post-login', 'open'],
    ['/terms', 'open'],
    ['/privacy', 'open'],
    // Issue 15: beyond docs/product.md, a read-only link's page.
    ['/s/:token', 'open'],
    ['*', 'open'],
  ];

  it('holds exactly the routes of docs/product.md#screens-and-routes (and the shared page of issue 15) with their access rules', () => {
    expect(ROUTE_TABLE.map((route) => [route.path, route.access])).toEqual(expected);
  });

  it('gives every route a lazily loaded screen', () => {
    for (const route of ROUTE_TABLE) expect(typeof route.load).toBe('function');
  });
});
