import { createBrowserRouter, redirect, RouterProvider, type RouteObject } from 'react-router';
import { HOME_PATH, isPublicPath, paths } from '@/config/paths';
import { session } from '@/lib/auth/session';
import { PageLoader } from '@/components/page-loader';
import { RouteError } from '@/components/route-error';
import { alwaysRevalidate, requireGuest, requireSession } from './guards';

/** Turns a lazily imported page module (default export) into a route's Component. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: PageLoader,
    errorElement: <RouteError />,
    children: [
      { path: paths.root.path, loader: () => redirect(HOME_PATH) },

      // Auth area: only for signed-out users (SPEC §2).
      {
        path: paths.auth.root.path,
        loader: requireGuest,
        shouldRevalidate: alwaysRevalidate,
        lazy: page(() => import('./layouts/auth-layout')),
        children: [
          { index: true, loader: () => redirect(paths.auth.login.getHref()) },
          { path: paths.auth.login.path, lazy: page(() => import('@/features/auth/routes/login')) },
          { path: '*', loader: () => redirect(paths.auth.login.getHref()) },
        ],
      },

      // Public pages outside the main layout.
      { path: paths.notFound.path, lazy: page(() => import('./routes/not-found')) },

      // Signed-in area, inside the main layout.
      {
        id: 'app',
        loader: requireSession,
        shouldRevalidate: alwaysRevalidate,
        lazy: page(() => import('./layouts/main-layout')),
        children: [
          { path: paths.app.dashboard.path, lazy: page(() => import('@/features/dashboard/routes/dashboard')) },
          { path: paths.app.inventory.path, lazy: page(() => import('@/features/inventory/routes/inventory')) },
          { path: paths.app.inventoryBatch.path, lazy: page(() => import('@/features/inventory/routes/batch')) },
        ],
      },

      // Any unknown path goes to the dashboard (which itself asks for a session).
      { path: '*', loader: () => redirect(HOME_PATH) },
    ],
  },
];

type AppRouterInstance = ReturnType<typeof createBrowserRouter>;

/**
 * When the session ends (logout, rejected token, failed re-check) leave for the login
 * page; the public kiosk stays where it is. Returns the unsubscribe function.
 */
export function followSessionEnd(router: AppRouterInstance): () => void {
  return session.onSignOut(() => {
    if (!isPublicPath(router.state.location.pathname)) {
      void router.navigate(paths.auth.login.getHref(), { replace: true });
    }
  });
}

export function createAppRouter(): AppRouterInstance {
  const router = createBrowserRouter(routes);
  followSessionEnd(router);
  return router;
}

let appRouter: ReturnType<typeof createAppRouter> | null = null;

export function AppRouter() {
  appRouter ??= createAppRouter();
  return <RouterProvider router={appRouter} />;
}
