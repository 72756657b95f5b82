/**
 * The one table of route paths. Every link, redirect and route definition reads
 * from here; `path` is the router pattern, `getHref` builds a concrete URL.
 */

/** Builds `/auth/login`, optionally with `?redirect=<where the user wanted to go>`. */
function loginHref(redirectTo?: string | null): string {
  if (!redirectTo) return '/auth/login';
  return `/auth/login?redirect=${encodeURIComponent(redirectTo)}`;
}

const simple = <P extends string>(path: P) => ({ path, getHref: () => path }) as const;

export const paths = {
  root: simple('/'),
  notFound: simple('/404'),
  employeePortal: simple('/employee-portal'),
  /** A sent invoice's page for its client, without signing in (the token is in the mailed link). */
  publicInvoice: { path: '/invoice-link/:token', prefix: '/invoice-link/', getHref: (token: string) => `/invoice-link/${token}` },
  /** A project's impact report shared with a sponsor, read-only, without signing in (a page of auth.html). */
  publicImpact: { path: '/impact-link/:token', prefix: '/impact-link/' },

  auth: {
    root: simple('/auth'),
    login: { path: '/auth/login', getHref: loginHref },
    signup: simple('/auth/signup'),
    recoverPassword: simple('/auth/recover-password'),
    recoverPasswordEmail: simple('/auth/recover-password-email'),
    terms: simple('/auth/terms'),
  },

  app: {
    dashboard: simple('/dashboard'),
    settings: simple('/settings'),
    preferences: simple('/preferences'),
    users: simple('/users'),
    projects: simple('/projects'),
    project: { path: '/projects/:id', getHref: (id: number | string) => `/projects/${id}` },
    projectImpact: { path: '/projects/:id/impact', getHref: (id: number | string) => `/projects/${id}/impact` },
    docs: simple('/docs'),
    inventory: simple('/inventory'),
    inventoryBatch: { path: '/inventory/batches/:id', getHref: (id: number | string) => `/inventory/batches/${id}` },
    /** A batch's labels; `receipt`: every batch received with it. */
    inventoryLabels: {
      path: '/inventory/batches/:id/labels',
      getHref: (id: number | string, receipt?: boolean) => `/inventory/batches/${id}/labels${receipt ? '?receipt=1' : ''}`,
    },
    /** A batch label's link, /b/{sku}/10/{code}/17/{YYMMDD} (features/inventory/scan/label-url.ts). */
    labelLink: simple('/b/*'),
    recalls: simple('/inventory/recalls'),
    recall: { path: '/inventory/recalls/:id', getHref: (id: number | string) => `/inventory/recalls/${id}` },
    faq: simple('/faq'),
    /** `search`: the log filtered on it (a shipment's number, a batch code); `partnerOf`: the log of one partner's shipments. */
    shippingLog: {
      path: '/shipping-log',
      getHref: (search?: string) => (search ? `/shipping-log?search=${encodeURIComponent(search)}` : '/shipping-log'),
      partnerOf: (partnerId: number) => `/shipping-log?partner_id=${partnerId}`,
    },
    /** The partner directory: the places shipments go. */
    partners: simple('/partners'),
    /** `tab`: the tab to open ('now' is who is clocked in); the employee list without one. */
    employees: { path: '/employees', getHref: (tab?: 'now' | 'timesheets') => (tab ? `/employees?tab=${tab}` : '/employees') },
    /** One employee's time: the employee list with their punches open. */
    employeeTime: { path: '/employees', getHref: (id: number | string) => `/employees?punches=${id}` },
    chat: simple('/chat'),
    /** Every notification of the signed-in user, filtered and paged (the bell's "See all"). */
    notifications: simple('/notifications'),
    production: {
      root: simple('/production'),
      overview: simple('/production/production-overview'),
      /** `date`: the day shown (today without); `line`: the line to pick out on it. */
      daily: {
        path: '/production/production-daily',
        getHref: (date?: string, line?: number) => {
          const q = new URLSearchParams();
          if (date) q.set('date', date);
          if (line != null) q.set('line', String(line));
          const s = q.toString();
          return s ? `/production/production-daily?${s}` : '/production/production-daily';
        },
      },
      hourly: simple('/production/production-hourly'),
      recipes: simple('/production/recipes'),
      /** A finished good's recipe; `version`: the version to point out (an entry's "recipe vN"). */
      recipe: {
        path: '/production/recipes/:id',
        getHref: (id: number | string, version?: number) => `/production/recipes/${id}${version ? `?version=${version}` : ''}`,
      },
    },
    payments: {
      root: simple('/payments'),
      paymentMethods: simple('/payments/payment-methods'),
      billing: simple('/payments/billing'),
      invoice: { path: '/payments/billing/:id', getHref: (id: number | string) => `/payments/billing/${id}` },
      pricingPlans: simple('/payments/pricing-plans'),
      clients: simple('/payments/clients'),
    },
  },
} as const;

/** Where a signed-in user lands by default. */
export const HOME_PATH = paths.app.dashboard.path;

/** True for every path of the auth area (`/auth` and below). */
export function isAuthPath(pathname: string): boolean {
  return pathname === '/auth' || pathname.startsWith('/auth/');
}

/** Paths reachable without a session that are not part of the auth area. */
export function isPublicPath(pathname: string): boolean {
  return pathname === paths.employeePortal.path || pathname.startsWith(`${paths.employeePortal.path}/`);
}

/**
 * Accepts a post-login redirect target only when it is a same-origin relative path
 * (no scheme, no `//host`, no backslash tricks) outside the auth area; otherwise
 * returns the dashboard. Guards against open redirects through `?redirect=`.
 */
export function safeRedirectTarget(raw: string | null | undefined): string {
  if (!raw || typeof raw !== 'string') return HOME_PATH;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return HOME_PATH;
  // Control characters could smuggle a scheme past a browser's URL parser.
  if ([...raw].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return HOME_PATH;
  try {
    const base = 'http://packline.invalid';
    const url = new URL(raw, base);
    if (url.origin !== base) return HOME_PATH;
    if (isAuthPath(url.pathname)) return HOME_PATH;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return HOME_PATH;
  }
}

/**
 * The three HTML entries the server hands out, each a light app of its own: the auth
 * pages, the kiosk, and the office app for every other path. internal/httpapi/spa.go
 * applies the same rule, so moving between entries is a document load (lib/page-load).
 */
export type Entry = 'auth' | 'kiosk' | 'office';

export function entryOf(pathname: string): Entry {
  if (isAuthPath(pathname) || pathname.startsWith(paths.publicImpact.prefix) || pathname.startsWith(paths.publicInvoice.prefix)) return 'auth';
  if (pathname.replace(/\/+$/, '') === paths.employeePortal.path) return 'kiosk';
  return 'office';
}
