/** The access rules of SPEC.md section 2, as the web app decides them. */
import { decideAccess, loginFor, postLoginTarget, type SessionState } from '../../web/src/lib/session/access';
import { safeReturnPath, withReturn } from '../../functions/domain/return-path';
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

describe('the way back after a login (?next=)', () => {
  it('accepts only a path of this site: a single "/" first, no backslash, control character or space', () => {
    for (const good of ['/transcript/abc', '/transcript/abc?t=1500', '/dashboard?tab=projects#top', '/profile', '/transcript/a%2F%2Fb']) expect(safeReturnPath(good)).toBe(good);
    const bad = [
      '//evil.example',
      '//evil.example/transcript/abc',
      '/\\evil.example',
      '/\\/evil.example',
      '\\evil.example',
      'http://evil.example',
      'https:evil.example',
      'javascript:alert(1)',
      'evil.example',
      'transcript/abc',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /transcript/abc',
      '/transcript/abc def',
      '',
      `/${'a'.repeat(2000)}`,
      null,
      undefined,
    ];
    for (const value of bad) expect(safeReturnPath(value)).toBeUndefined();
  });

  it('is added to a path with or without a query', () => {
    expect(withReturn('/login', '/transcript/abc?t=5')).toBe('/login?next=%2Ftranscript%2Fabc%3Ft%3D5');
    expect(withReturn('/login?error=google_denied', '/profile')).toBe('/login?error=google_denied&next=%2Fprofile');
    expect(withReturn('/post-login', undefined)).toBe('/post-login');
  });

  it('a signed-out visit of a signed-in page carries it to /login; the dashboard needs no word', () => {
    expect(decideAccess('signed-in', signedOut, '/transcript/abc?t=5')).toEqual({ kind: 'redirect', to: '/login?next=%2Ftranscript%2Fabc%3Ft%3D5' });
    expect(decideAccess('signed-in', signedOut, '/dashboard')).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideAccess('signed-in', signedOut, '/dashboard?tab=projects')).toEqual({ kind: 'redirect', to: '/login?next=%2Fdashboard%3Ftab%3Dprojects' });
    expect(loginFor(undefined)).toBe('/login');
    expect(loginFor('//evil.example')).toBe('/login');
  });

  it('after the login: the page of ?next= instead of the dashboard; a first login still goes to /welcome; anything else is ignored', () => {
    const session = { email: 'a@example.com', user: 'u1', first_login: false };
    expect(postLoginTarget(session, '/transcript/abc?t=5')).toBe('/transcript/abc?t=5');
    expect(postLoginTarget({ ...session, first_login: true }, '/transcript/abc')).toBe('/welcome');
    for (const hostile of ['//evil.example', '/\\evil.example', 'https://evil.example', null]) expect(postLoginTarget(session, hostile)).toBe('/dashboard');
    expect(postLoginTarget(null, '/transcript/abc')).toBe('/login?next=%2Ftranscript%2Fabc');
  });
});

describe('the route table', () => {
  // SPEC.md section 2, row by row.
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
    // Issue 15: beyond SPEC.md, a read-only link's page.
    ['/s/:token', 'open'],
    ['*', 'open'],
  ];

  it('holds exactly the routes of SPEC.md section 2 (and the shared page of issue 15) with their access rules', () => {
    expect(ROUTE_TABLE.map((route) => [route.path, route.access])).toEqual(expected);
  });

  it('gives every route a lazily loaded screen', () => {
    for (const route of ROUTE_TABLE) expect(typeof route.load).toBe('function');
  });
});
