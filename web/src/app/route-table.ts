/**
 * The route table of docs/product.md#screens-and-routes: every screen, its path and its access rule, in one place.
 * `router.tsx` builds the router from it; `test/unit/web-route-table.test.ts` holds it against docs/product.md.
 * Each screen is its own chunk (route-level code splitting), loaded on first visit.
 */
import type { ComponentType } from 'react';
import type { Access } from '../lib/session/access';

export interface RouteModule {
  Component: ComponentType;
}

export interface AppRoute {
  /** react-router path syntax. */
  path: string;
  access: Access;
  load: () => Promise<RouteModule>;
}

export const ROUTE_TABLE: readonly AppRoute[] = [
  // Signed-out only: a signed-in visitor goes to /dashboard.
  { path: '/', access: 'signed-out', load: () => import('./routes/landing') },
  { path: '/login', access: 'signed-out', load: () => import('./routes/login') },
  { path: '/signup', access: 'signed-out', load: () => import('./routes/signup') },
  { path: '/forgot-password', access: 'signed-out', load: () => import('./routes/forgot-password') },
  { path: '/reset-password/:token', access: 'signed-out', load: () => import('./routes/reset-password') },
  // Signed-in only: anyone else goes to /login.
  { path: '/dashboard', access: 'signed-in', load: () => import('./routes/dashboard') },
  { path: '/profile', access: 'signed-in', load: () => import('./routes/profile') },
  { path: '/transcript/:id', access: 'signed-in', load: () => import('./routes/transcript') },
  // Open.
  { path: '/welcome', access: 'open', load: () => import('./routes/welcome') },
  { path: '/verify', access: 'open', load: () => import('./routes/verify') },
  { path: '/post-login', access: 'open', load: () => import('./routes/post-login') },
  { path: '/terms', access: 'open', load: () => import('./routes/terms') },
  { path: '/privacy', access: 'open', load: () => import('./routes/privacy') },
  // Issue 15: a read-only link's page, for anyone with the link.
  { path: '/s/:token', access: 'open', load: () => import('./routes/shared') },
  // Any other path: the not-found screen.
  { path: '*', access: 'open', load: () => import('./routes/not-found') },
];
