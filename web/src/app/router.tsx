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
        {
          element: <AccessGuard access="signed-in" />,
          // A layout of its own chunk, loaded with the first signed-in page: the upload queue outlives each page.
          children: [{ lazy: async () => ({ Component: (await import('./signed-in-layout')).SignedInLayout }), children: routesWith('signed-in') }],
        },
        ...routesWith('open'),
      ],
    },
  ]);
}
