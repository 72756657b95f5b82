import { createBrowserRouter, redirect, RouterProvider, type RouteObject } from 'react-router';
import { HOME_PATH, paths } from '@/config/paths';
import type { RouteHandle } from '@/config/route-handle';
import { session } from '@/lib/auth/session';
import { PageLoader } from '@/components/page-loader';
import { RouteError } from '@/components/route-error';
import { loadPage } from '@/lib/page-load';
import { alwaysRevalidate, loadOwnEntry, requireSession } from './guards';

/** Turns a lazily imported page module (default export) into a route's Component. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const crumb = (key: string): RouteHandle => ({ crumb: key });

/**
 * A route whose loader only redirects. It still names a Component (which never gets to
 * render anything), because React Router warns about a matched leaf without one, also in
 * production builds.
 */
const redirectTo = (to: string) => ({ loader: () => redirect(to), Component: Redirecting });
function Redirecting() {
  return null;
}

/** A screen of the signed-in area; `path` comes from the paths table. */
const screen = (path: string, key: string, load: () => Promise<{ default: React.ComponentType }>): RouteObject => ({
  path,
  handle: crumb(key),
  lazy: page(load),
});

export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: PageLoader,
    errorElement: <RouteError />,
    children: [
      { path: paths.root.path, ...redirectTo(HOME_PATH) },

      // The auth pages and the kiosk are entries of their own (auth.html, kiosk.html):
      // reaching one from here loads its document.
      { path: `${paths.auth.root.path}/*`, loader: loadOwnEntry, Component: PageLoader },
      { path: paths.employeePortal.path, loader: loadOwnEntry, Component: PageLoader },

      { path: paths.notFound.path, lazy: page(() => import('./routes/not-found')) },

      // Signed-in area, inside the main layout.
      {
        id: 'app',
        loader: requireSession,
        shouldRevalidate: alwaysRevalidate,
        lazy: page(() => import('./layouts/main-layout')),
        children: [
          {
            ...screen(paths.app.dashboard.path, 'nav.dashboard', () => import('@/features/dashboard/routes/dashboard')),
            // The figures are asked for beside the page's code and strings, not after the page renders
            // (a file of its own: the page's module waits for its strings before it runs).
            loader: () => {
              void import('@/features/dashboard/api/prefetch').then((m) => m.prefetchDashboard());
              return null;
            },
          },
          screen(paths.app.settings.path, 'nav.settings', () => import('@/features/organisation/routes/settings')),
          screen(paths.app.preferences.path, 'nav.preferences', () => import('@/features/accounts/routes/preferences')),
          screen(paths.app.users.path, 'nav.users', () => import('@/features/accounts/routes/users')),
          {
            path: paths.app.projects.path,
            handle: crumb('nav.projects'),
            children: [
              { index: true, lazy: page(() => import('@/features/projects/routes/projects')) },
              screen(paths.app.project.path, 'nav.project', () => import('@/features/projects/routes/project')),
              screen(paths.app.projectImpact.path, 'impact.title', () => import('@/features/impact/routes/impact')),
            ],
          },
          screen(paths.app.docs.path, 'nav.docs', () => import('@/features/documents/routes/documents')),
          {
            path: paths.app.inventory.path,
            handle: crumb('nav.inventory'),
            children: [
              { index: true, lazy: page(() => import('@/features/inventory/routes/inventory')) },
              screen(paths.app.inventoryBatch.path, 'inventory.batch.crumb', () => import('@/features/inventory/routes/batch')),
              screen(paths.app.inventoryLabels.path, 'inventory.labels.title', () => import('@/features/inventory/routes/labels')),
              screen(paths.app.recalls.path, 'nav.recalls', () => import('@/features/recalls/routes/recalls')),
              screen(paths.app.recall.path, 'nav.recall', () => import('@/features/recalls/routes/recall')),
            ],
          },
          screen(paths.app.labelLink.path, 'inventory.batch.crumb', () => import('@/features/inventory/routes/label-link')),
          screen(paths.app.faq.path, 'nav.faq', () => import('@/features/faq/routes/faq')),
          screen(paths.app.shippingLog.path, 'nav.shippingLog', () => import('@/features/shipping/routes/shipping-log')),
          screen(paths.app.partners.path, 'nav.partners', () => import('@/features/partners/routes/partners')),
          screen(paths.app.employees.path, 'nav.employees', () => import('@/features/timeclock/routes/employees')),
          screen(paths.app.chat.path, 'nav.chat', () => import('@/features/messaging/routes/chat')),
          screen(paths.app.notifications.path, 'navbar.notifications', () => import('@/features/messaging/routes/notifications')),
          {
            path: paths.app.production.root.path,
            handle: crumb('nav.production'),
            children: [
              { index: true, ...redirectTo(paths.app.production.overview.path) },
              screen(paths.app.production.overview.path, 'nav.productionOverview', () =>
                import('@/features/production/routes/production-overview'),
              ),
              screen(paths.app.production.daily.path, 'nav.productionDaily', () =>
                import('@/features/production/routes/production-daily'),
              ),
              screen(paths.app.production.hourly.path, 'nav.productionHourly', () =>
                import('@/features/production/routes/production-hourly'),
              ),
              {
                path: paths.app.production.recipes.path,
                handle: crumb('nav.recipes'),
                children: [
                  { index: true, lazy: page(() => import('@/features/production/routes/recipes')) },
                  screen(paths.app.production.recipe.path, 'nav.recipes', () => import('@/features/production/routes/recipe')),
                ],
              },
            ],
          },
          {
            path: paths.app.payments.root.path,
            handle: crumb('nav.payments'),
            children: [
              { index: true, ...redirectTo(paths.app.payments.billing.path) },
              screen(paths.app.payments.paymentMethods.path, 'nav.paymentMethods', () =>
                import('@/features/payments/routes/payment-methods'),
              ),
              {
                path: paths.app.payments.billing.path,
                handle: crumb('nav.billing'),
                children: [
                  { index: true, lazy: page(() => import('@/features/payments/routes/billing')) },
                  screen(paths.app.payments.invoice.path, 'payments.invoice.title', () => import('@/features/payments/routes/invoice')),
                ],
              },
              screen(paths.app.payments.pricingPlans.path, 'nav.pricingPlans', () =>
                import('@/features/payments/routes/pricing-plans'),
              ),
              screen(paths.app.payments.clients.path, 'nav.clients', () => import('@/features/clients/routes/clients')),
            ],
          },
        ],
      },

      // Any unknown path goes to the dashboard (which itself asks for a session).
      { path: '*', ...redirectTo(HOME_PATH) },
    ],
  },
];

type AppRouterInstance = ReturnType<typeof createBrowserRouter>;

/**
 * When the session ends (logout, rejected token, failed re-check) leave for the login
 * page. Returns the unsubscribe function.
 */
export function followSessionEnd(): () => void {
  return session.onSignOut(() => loadPage(paths.auth.login.getHref(), { replace: true }));
}

export function createAppRouter(): AppRouterInstance {
  const router = createBrowserRouter(routes);
  followSessionEnd();
  return router;
}

let appRouter: AppRouterInstance | null = null;

/**
 * Creates the office app's router, which at once starts the first page's loaders and the
 * code of its layout and screen: called before the first language has arrived, so that
 * the page's code, its data and its strings are fetched side by side, not one after another.
 */
export function startAppRouter(): AppRouterInstance {
  appRouter ??= createAppRouter();
  return appRouter;
}

export function AppRouter() {
  return <RouterProvider router={startAppRouter()} />;
}
