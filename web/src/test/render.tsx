import { act, render, type RenderOptions } from '@testing-library/react';
import { useEffect, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuthApp, guestOnly } from '@/app/auth-app';
import { AppProvider } from '@/app/provider';
import { followSessionEnd, routes } from '@/app/router';
import { entryOf } from '@/config/paths';
import EmployeePortal from '@/features/timeclock/kiosk/routes/employee-portal';
import { changeLanguage, i18nReady } from '@/i18n';
import { languageOf } from '@/i18n/languages';
import { resetSessionForTests } from '@/lib/auth/session';
import { setPageLoadForTests } from '@/lib/page-load';
import { queryClient } from '@/lib/react-query';

/** Loads a language's strings (English by default) so tests can query by the visible text. */
export async function setupI18n(lng = 'gb') {
  await i18nReady;
  await changeLanguage(languageOf(lng));
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

/** The simulated browser: which document shows, and where the app inside it is. */
class Site {
  private where: () => SiteLocation;
  private open: (url: string) => void = () => {};
  constructor(private readonly url: string) {
    this.where = () => new URL(url, window.location.origin);
  }
  get location(): SiteLocation {
    return this.where();
  }
  /** Called by the document shown: how to read its location. */
  track(where: () => SiteLocation): void {
    this.where = where;
  }
  /** Called by the site root: how to open another document. */
  bind(open: (url: string) => void): void {
    this.open = open;
  }
  load(url: string): void {
    this.open(url);
  }
  get initialUrl(): string {
    return this.url;
  }
}

function OfficeDocument({ url, site }: { url: string; site: Site }) {
  const router = useMemo(() => createMemoryRouter(routes, { initialEntries: [url] }), [url]);
  site.track(() => router.state.location);
  useEffect(() => followSessionEnd(), []);
  return <RouterProvider router={router} />;
}

function AuthDocument({ site }: { site: Site }) {
  const [guest, setGuest] = useState(false);
  site.track(() => ({ pathname: window.location.pathname, search: window.location.search }));
  useEffect(() => {
    void guestOnly().then(setGuest);
  }, []);
  return guest ? <AuthApp /> : null;
}

function SiteRoot({ site }: { site: Site }) {
  const [doc, setDoc] = useState({ url: site.initialUrl, n: 0 });
  site.bind((next) => setDoc((d) => ({ url: next, n: d.n + 1 })));
  const entry = entryOf(new URL(doc.url, window.location.origin).pathname);
  if (entry === 'auth') return <AuthDocument key={doc.n} site={site} />;
  if (entry === 'kiosk') {
    site.track(() => new URL(doc.url, window.location.origin));
    return <EmployeePortal key={doc.n} />;
  }
  return <OfficeDocument key={doc.n} url={doc.url} site={site} />;
}

/**
 * Renders the site at `url` as the server would: the entry that path belongs to (office
 * app, auth pages or kiosk, see entryOf). A hand-over to another entry (loadPage) starts
 * a fresh "document": new session check, empty query cache, that entry's app.
 */
export function renderApp(url: string) {
  const site = new Site(url);
  // The auth pages read the address bar, as in the browser.
  const enter = (next: string) => {
    if (entryOf(new URL(next, window.location.origin).pathname) === 'auth') window.history.replaceState(null, '', next);
  };
  enter(url);
  setPageLoadForTests((next) => {
    setTimeout(() =>
      act(() => {
        resetSessionForTests();
        queryClient.clear();
        enter(next);
        site.load(next);
      }),
    );
  });
  const result = render(
    <AppProvider env="test">
      <SiteRoot site={site} />
    </AppProvider>,
  );
  return { site, ...result };
}

/**
 * Makes jsdom answer media queries as a desktop browser does (every min-width query
 * matches), for the duration of the enclosing describe: mantine-datatable shows no column
 * whose media query fails, and jsdom's stub fails them all.
 */
export function desktopMediaQueries() {
  const jsdomMatchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) => ({ ...jsdomMatchMedia(query), matches: !query.trim() || query.includes('min-width') });
  });
  afterEach(() => {
    window.matchMedia = jsdomMatchMedia;
  });
}
