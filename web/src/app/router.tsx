import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ROUTE_TABLE, type AppRoute } from './route-table';
import { AccessGuard } from './guards';
import { InitialFallback, RootLayout } from './root-layout';
import { RouteError } from './route-error';

const toRouteObject = (route: AppRoute): RouteObject => ({
  path: route.path,
  lazy: async () => ({ Component: (await route.load()).Component }),
});

const routesWith = (access: AppRoute['access']) => ROUTE_TABLE.filter((route) => route.access === access).map(toRouteObject);

/** The router, built from the route table: one guard per access rule; open routes need none. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <InitialFallback />,
      children: [
        { element: <AccessGuard access="signed-out" />, children: routesWith('signed-out') },
        { element: <AccessGuard access="signed-in" />, children: routesWith('signed-in') },
        ...routesWith('open'),
      ],
    },
  ]);
}
