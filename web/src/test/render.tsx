import { act, render, type RenderOptions } from '@testing-library/react';
import { useEffect, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuthApp, guestOnly } from '@/app/auth-app';
import { AppProvider } from '@/app/provider';
import { followSessionEnd, routes } from '@/app/router';
import { entryOf } from '@/config/paths';
import EmployeePortal from '@/features/kiosk/routes/employee-portal';
import i18n, { i18nReady } from '@/i18n';
import { resetSessionForTests } from '@/lib/auth/session';
import { setPageLoadForTests } from '@/lib/page-load';
import { queryClient } from '@/lib/react-query';

/** Loads the English strings so tests can query by the visible text. */
export async function setupI18n(lng = 'gb') {
  await i18nReady;
  await i18n.changeLanguage(lng);
}

function Providers({ children }: { children: ReactNode }) {
  return <AppProvider env="test">{children}</AppProvider>;
}

export function renderWithProviders(ui: ReactElement, options?: RenderOptions) {
  return render(ui, { wrapper: Providers, ...options });
}

/** Where the simulated browser is: the current document's path and query. */
export interface SiteLocation {
  pathname: string;
  search: string;
}

type Current = { location: () => SiteLocation };

function OfficeDocument({ url, current }: { url: string; current: Current }) {
  const router = useMemo(() => createMemoryRouter(routes, { initialEntries: [url] }), [url]);
  current.location = () => router.state.location;
  useEffect(() => followSessionEnd(), []);
  return <RouterProvider router={router} />;
}

function AuthDocument({ current }: { current: Current }) {
  const [guest, setGuest] = useState(false);
  current.location = () => ({ pathname: window.location.pathname, search: window.location.search });
  useEffect(() => {
    void guestOnly().then(setGuest);
  }, []);
  return guest ? <AuthApp /> : null;
}

/**
 * Renders the site at `url` as the server would: the entry that path belongs to (office
 * app, auth pages or kiosk, see entryOf). A hand-over to another entry (loadPage) starts
 * a fresh "document": new session check, empty query cache, that entry's app.
 */
export function renderApp(url: string) {
  const current: Current = { location: () => new URL(url, window.location.origin) };
  let goTo: (next: string) => void = () => {};
  // The auth pages read the address bar, as in the browser.
  const enter = (next: string) => {
    if (entryOf(new URL(next, window.location.origin).pathname) === 'auth') window.history.replaceState(null, '', next);
  };
  enter(url);

  function Site() {
    const [doc, setDoc] = useState({ url, n: 0 });
    goTo = (next) => setDoc((d) => ({ url: next, n: d.n + 1 }));
    const entry = entryOf(new URL(doc.url, window.location.origin).pathname);
    if (entry === 'auth') return <AuthDocument key={doc.n} current={current} />;
    if (entry === 'kiosk') {
      current.location = () => new URL(doc.url, window.location.origin);
      return <EmployeePortal key={doc.n} />;
    }
    return <OfficeDocument key={doc.n} url={doc.url} current={current} />;
  }

  setPageLoadForTests((next) => {
    setTimeout(() =>
      act(() => {
        resetSessionForTests();
        queryClient.clear();
        enter(next);
        goTo(next);
      }),
    );
  });
  const result = render(
    <AppProvider env="test">
      <Site />
    </AppProvider>,
  );
  return { site: { get location() { return current.location(); } }, ...result };
}
