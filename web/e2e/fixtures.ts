import {
  expect,
  test as base,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What every spec shares: who the tests are signed in as, and how.
 *
 * Each Playwright worker signs in once, through the API, as an account of its own (an admin
 * named Dana Demo like the demo's, made with `packline user create` in the server's
 * database), and every test starts from that session in the worker's browser tab (the
 * token in localStorage, as "keep me logged in" leaves it; see Tab). Workers
 * therefore never share saved preferences (language, theme, navigation layout), which
 * every test gets back at their defaults. Where the database cannot be reached (an
 * external server given by PACKLINE_E2E_URL alone), all workers fall back to the demo
 * login: run those with --workers 1.
 *
 * The sign-in through the form stays only where signing in is what is tested: such a test
 * starts signed out (test.use({ signedIn: false })) and calls signIn().
 */

/** The demo login the server prints with --demo. */
export const DEMO = { email: 'demo@packline.local', password: 'packline-demo' } as const;

export interface Account {
  email: string;
  password: string;
}

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BINARY = path.join(REPO, 'bin/packline');

/**
 * The server's database (a SQLite file or a postgres:// URL) when the tests may write
 * accounts into it; playwright.config.ts keeps it in PACKLINE_E2E_DB.
 */
export const serverDB: string | undefined = process.env.PACKLINE_E2E_DB || undefined;

/** This run's tag, the same in every worker (playwright.config.ts sets it): account emails are unique per run. */
const RUN = process.env.PACKLINE_E2E_RUN ?? Date.now().toString(36);

/** Creates an account straight in the server's database with the binary's `user create`. */
export function createAccount(a: Account & { first: string; last: string; role: 'admin' | 'staff' }): Account {
  if (!serverDB) throw new Error('createAccount needs PACKLINE_E2E_DB, the database of the server under test');
  execFileSync(BINARY, ['user', 'create', '--db', serverDB, '--email', a.email, '--password', a.password, '--first', a.first, '--last', a.last, '--role', a.role], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return { email: a.email, password: a.password };
}

/** A signed-in account and its API token; the token is replaced when a test signed it out. */
interface Session {
  account: Account;
  token: string;
}

const DEFAULT_PREFERENCES = { language: 'gb', theme: 'light', nav_layout: 'side' } as const;

async function login(baseURL: string, a: Account): Promise<string> {
  const res = await fetch(new URL('/api/login', baseURL), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: a.email, password: a.password, remember: true }),
  });
  const body = (await res.json().catch(() => ({}))) as { token?: string };
  if (!res.ok || !body.token) throw new Error(`API sign-in of ${a.email} failed: ${res.status} ${JSON.stringify(body)}`);
  return body.token;
}

/** Puts the session's saved preferences back to the defaults, signing in again if its token was revoked. */
async function freshen(baseURL: string, s: Session) {
  for (let attempt = 0; attempt < 2; attempt++) {
    const res = await fetch(new URL('/api/user/preferences', baseURL), {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${s.token}` },
      body: JSON.stringify(DEFAULT_PREFERENCES),
    });
    if (res.ok) return;
    if (res.status !== 401 || attempt > 0) throw new Error(`resetting the preferences of ${s.account.email}: ${res.status} ${await res.text()}`);
    s.token = await login(baseURL, s.account);
  }
}

/** The session of the test now running in this worker (each worker runs one test at a time). */
let current: Session | undefined;

function now(): Session {
  if (!current) throw new Error('no session: call this from inside a test that uses the fixtures of e2e/fixtures.ts');
  return current;
}

/** The account the running test is signed in as (the worker's own, or the demo's). */
export function account(): Account {
  return now().account;
}

/** The running test's API token (signed in once per worker; the argument is not needed any more). */
export async function apiToken(_request?: unknown): Promise<string> {
  return now().token;
}

/**
 * How a spec writes its data through the API as the running test's account: the function
 * returned sends data as JSON (POST, or PUT) and answers the decoded body (by default a
 * created record's id); an answer that is not ok fails the test, naming the URL.
 */
export async function apiWriter(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  return async <T = { id: number }>(url: string, data: unknown, method: 'post' | 'put' = 'post'): Promise<T> => {
    const res = await request[method](url, { headers, data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBeTruthy();
    return (await res.json()) as T;
  };
}

/** A browser context's start with nobody signed in and nothing stored. */
export const SIGNED_OUT = { cookies: [], origins: [] };

function storage(origin: string, token: string | null) {
  const localStorage: { name: string; value: string }[] = [
    { name: 'packline.language', value: DEFAULT_PREFERENCES.language },
    { name: 'packline.color-scheme', value: DEFAULT_PREFERENCES.theme },
    { name: 'packline.nav-layout', value: DEFAULT_PREFERENCES.nav_layout },
  ];
  if (token) localStorage.push({ name: 'packline.token', value: token });
  return { cookies: [], origins: [{ origin, localStorage }] };
}

/** The storage state of the running test's session, for a browser context a test opens itself. */
export function signedInState(baseURL: string) {
  return storage(new URL(baseURL).origin, now().token);
}

/**
 * Signs a page that started signed out in with the running test's session, without the
 * form (for a test that signs in on the way, not to test signing in): the page must be
 * on the app's origin; the next page it loads is signed in.
 */
export async function useSession(page: Page) {
  await page.evaluate((t) => localStorage.setItem('packline.token', t), now().token);
}

/** Signs in through the login form (English labels) as the running test's account and waits to leave /auth. */
export async function signIn(page: Page, opts: { remember?: boolean; from?: string } = {}) {
  const a = account();
  await page.goto(opts.from ?? '/auth/login');
  await page.getByLabel('Email').fill(a.email);
  await page.getByLabel(/^Password/).fill(a.password);
  if (opts.remember) await page.getByLabel('Keep me logged in').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth\//);
}

/**
 * Where a screenshot meant for the documentation goes: docs/screenshots when
 * PACKLINE_SCREENSHOTS=1 asks for them, else the test's own output folder (so that a test
 * run leaves the work tree as it was).
 */
export function screenshotPath(testInfo: TestInfo, name: string): string {
  return process.env.PACKLINE_SCREENSHOTS === '1' ? path.join(REPO, 'docs/screenshots', name) : testInfo.outputPath(name);
}

/**
 * Holds a lock shared by the run's workers (a directory made atomically under the
 * project's output folder, which Playwright empties at the start of every run) until the
 * returned release is called. A lock whose holder died is taken over.
 */
async function acquire(testInfo: TestInfo, name: string): Promise<() => void> {
  const root = path.join(testInfo.project.outputDir, '.locks');
  fs.mkdirSync(root, { recursive: true });
  const dir = path.join(root, name);
  for (;;) {
    try {
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'pid'), String(process.pid));
      return () => fs.rmSync(dir, { recursive: true, force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let holder = 0;
    try {
      holder = Number(fs.readFileSync(path.join(dir, 'pid'), 'utf8')) || 0;
    } catch {
      // Not written yet, or released since: look again.
    }
    if (holder && !alive(holder)) {
      fs.rmSync(dir, { recursive: true, force: true });
      continue;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface Options {
  /** false: the test's browser starts signed out (it tests signing in, or a public page). */
  signedIn: boolean;
  /** 'demo': signed in as the demo user itself, for what only the demo's account holds (its notifications). */
  user: 'worker' | 'demo';
  /**
   * What the test holds to itself while it runs, through run-wide locks (in this order):
   * - 'org-settings': the test changes the organisation's settings, or reads values
   *   another test changes. They are one row for the whole organisation, and the settings
   *   screen saves the whole form: two such tests at once would overwrite each other.
   * - 'notifications': the test raises a notification for every user (a stock level
   *   crossed, a recall, a refused offline punch, a new chat topic), or expects a user's
   *   bell to read 0 after marking everything read, which such a notice would break.
   */
  exclusive: ('org-settings' | 'notifications')[];
}

interface TestFixtures {
  session: Session;
  _locks: void;
}

interface WorkerFixtures {
  workerSessions: { worker: () => Promise<Session>; demo: () => Promise<Session> };
  tab: Tab;
}

export const test = base.extend<Options & TestFixtures, WorkerFixtures>({
  signedIn: [true, { option: true }],
  user: ['worker', { option: true }],
  exclusive: [[], { option: true }],

  workerSessions: [
    // eslint-disable-next-line no-empty-pattern -- Playwright's fixtures name what they use; this one uses none
    async ({}, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const cache = new Map<string, Promise<Session>>();
      const once = (key: string, make: () => Promise<Session>) => {
        if (!cache.has(key)) cache.set(key, make());
        return cache.get(key)!;
      };
      const demo = () => once('demo', async () => ({ account: { ...DEMO }, token: await login(baseURL, DEMO) }));
      const worker = () =>
        serverDB
          ? once('worker', async () => {
              const a = createAccount({
                email: `dana.w${workerInfo.workerIndex}.${RUN}@packline.local`,
                password: 'packline-e2e-worker',
                first: 'Dana',
                last: 'Demo',
                role: 'admin',
              });
              return { account: a, token: await login(baseURL, a) };
            })
          : demo();
      await use({ worker, demo });
    },
    { scope: 'worker' },
  ],

  session: [
    async ({ workerSessions, user, baseURL }, use) => {
      const s = await (user === 'demo' ? workerSessions.demo() : workerSessions.worker());
      await freshen(baseURL!, s);
      current = s;
      await use(s);
      current = undefined;
    },
    { auto: true },
  ],

  _locks: [
    async ({ exclusive }, use, testInfo) => {
      const releases: (() => void)[] = [];
      try {
        // Always taken in the same order, so that two tests never wait on each other.
        for (const name of ['org-settings', 'notifications'] as const) {
          if (exclusive.includes(name)) releases.push(await acquire(testInfo, name));
        }
        await use();
      } finally {
        for (const release of releases.reverse()) release();
      }
    },
    // The wait for another test's turn has a timeout of its own, not the test's.
    { auto: true, timeout: 600_000 },
  ],

  // One browser tab per worker, handed from test to test (see Tab): a new tab costs the
  // browser a renderer process and its first paint, about 1.7 CPU-seconds of the 2.5 a
  // cold page load costs here, against 0.8 for a load in a tab that is already open.
  tab: [
    async ({ browser }, use, workerInfo) => {
      const tab = new Tab(browser, contextOptions(workerInfo.project.use));
      await use(tab);
      await tab.close();
    },
    { scope: 'worker' },
  ],

  // Before each test the tab is emptied (cookies, storage, service workers, caches,
  // IndexedDB) on a page of the app's origin, and the session put in localStorage as
  // "keep me logged in" leaves it, so that a test that signs out, or changes a
  // preference, keeps that change across its own reloads. A test that runs with other
  // context options (javaScriptEnabled: false) gets a context of its own.
  context: async ({ tab, browser, session, signedIn, baseURL, javaScriptEnabled, actionTimeout, navigationTimeout }, use, testInfo) => {
    if (javaScriptEnabled === false) {
      const own = await browser.newContext({ ...tab.options, javaScriptEnabled });
      await use(own);
      await own.close();
      return;
    }
    const { origin, localStorage: entries } = storage(new URL(baseURL!).origin, signedIn ? session.token : null).origins[0];
    const { context } = await tab.ready(origin, entries);
    context.setDefaultTimeout(actionTimeout || 0);
    context.setDefaultNavigationTimeout(navigationTimeout || 0);
    await use(context);
    // A test that failed may have left anything behind: the next one starts in a new context.
    if (testInfo.status !== testInfo.expectedStatus) tab.spoil('context');
  },

  page: async ({ context, tab }, use) => {
    await use(context === tab.context ? tab.page! : context.pages()[0] ?? (await context.newPage()));
  },
});

/** The browser context options of the project (playwright.config.ts), for the worker's tab. */
function contextOptions(use: Record<string, unknown>): BrowserContextOptions {
  const keys = ['baseURL', 'viewport', 'screen', 'locale', 'timezoneId', 'userAgent', 'deviceScaleFactor', 'isMobile', 'hasTouch', 'colorScheme', 'acceptDownloads', 'ignoreHTTPSErrors'] as const;
  return Object.fromEntries(keys.filter((k) => use[k] !== undefined).map((k) => [k, use[k]])) as BrowserContextOptions;
}

/**
 * The worker's browser tab. It is used again by the next test unless the last one changed
 * it in a way that cannot be undone cheaply: a listener it left, an init script, a route,
 * an exposed function, emulated media or a clock on the page (a new tab), or the same on
 * the context, or going offline (a new context). A viewport set by a test is put back.
 */
class Tab {
  context?: BrowserContext;
  page?: Page;
  private spoilt: 'page' | 'context' | null = null;
  // How many listeners each event had when the page and the context were new.
  private pageListeners = new Map<string | symbol, number>();
  private contextListeners = new Map<string | symbol, number>();

  constructor(
    private readonly browser: Browser,
    readonly options: BrowserContextOptions,
  ) {}

  /** Marks the tab (or its whole context) as not to be used again. */
  spoil(what: 'page' | 'context') {
    if (this.spoilt !== 'context') this.spoilt = what;
  }

  async ready(origin: string, entries: { name: string; value: string }[]): Promise<{ context: BrowserContext; page: Page }> {
    if (this.context && added(this.context, this.contextListeners)) this.spoil('context');
    if (this.page && added(this.page, this.pageListeners)) this.spoil('page');
    if (this.spoilt === 'context' && this.context) {
      await this.context.close().catch(() => {});
      this.context = this.page = undefined;
    } else if (this.spoilt === 'page' && this.page) {
      await this.page.close().catch(() => {});
      this.page = undefined;
    }
    this.spoilt = null;
    if (!this.context) {
      this.context = await this.browser.newContext(this.options);
      this.contextListeners = listeners(this.context);
      watch(this.context, ['addInitScript', 'route', 'routeFromHAR', 'routeWebSocket', 'exposeBinding', 'exposeFunction', 'grantPermissions', 'setGeolocation', 'setExtraHTTPHeaders', 'setHTTPCredentials', 'setOffline'], () => this.spoil('context'));
      watch(this.context.clock, Object.getOwnPropertyNames(Object.getPrototypeOf(this.context.clock)), () => this.spoil('context'));
    }
    const context = this.context;
    for (const other of context.pages()) if (other !== this.page) await other.close();
    if (!this.page || this.page.isClosed()) {
      this.page = await context.newPage();
      this.pageListeners = listeners(this.page);
      watch(this.page, ['addInitScript', 'route', 'routeFromHAR', 'routeWebSocket', 'exposeBinding', 'exposeFunction', 'emulateMedia', 'setExtraHTTPHeaders'], () => this.spoil('page'));
      watch(this.page.clock, Object.getOwnPropertyNames(Object.getPrototypeOf(this.page.clock)), () => this.spoil('page'));
    }
    const page = this.page;
    const viewport = this.options.viewport;
    const now = page.viewportSize();
    if (viewport && (now?.width !== viewport.width || now?.height !== viewport.height)) await page.setViewportSize(viewport);
    await context.clearCookies();
    await context.clearPermissions();
    // A small answer of the app's origin to stand on while its storage is emptied and filled.
    await page.goto(`${origin}/api/health`);
    await page.evaluate(async (entries) => {
      localStorage.clear();
      sessionStorage.clear();
      for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
      for (const key of await caches.keys()) await caches.delete(key);
      for (const db of await indexedDB.databases()) {
        if (!db.name) continue;
        await new Promise((done) => {
          const req = indexedDB.deleteDatabase(db.name!);
          req.onsuccess = req.onerror = req.onblocked = done;
        });
      }
      for (const { name, value } of entries) localStorage.setItem(name, value);
    }, entries);
    return { context, page };
  }

  async close() {
    await this.context?.close().catch(() => {});
  }
}

/** A page or context as the event emitter it is (Node's API; not in Playwright's types). */
interface Emitter {
  eventNames(): (string | symbol)[];
  listenerCount(name: string | symbol): number;
}

/** The number of listeners of each event of a page or context. */
function listeners(target: Page | BrowserContext): Map<string | symbol, number> {
  const e = target as unknown as Emitter;
  return new Map(e.eventNames().map((name) => [name, e.listenerCount(name)]));
}

/** Whether a test left a listener on a page or context (one that waitFor… adds takes itself off). */
function added(target: Page | BrowserContext, before: Map<string | symbol, number>): boolean {
  const e = target as unknown as Emitter;
  return e.eventNames().some((name) => e.listenerCount(name) > (before.get(name) ?? 0));
}

/** Calls spoilt before each of the named methods of target runs. */
function watch(target: object, methods: string[], spoilt: () => void) {
  const t = target as Record<string, unknown>;
  for (const name of methods) {
    const original = t[name];
    if (typeof original !== 'function' || name === 'constructor') continue;
    t[name] = function (this: unknown, ...args: unknown[]) {
      spoilt();
      return (original as (...a: unknown[]) => unknown).apply(target, args);
    };
  }
}

export { expect };

/**
 * A day in the organisation's zone (America/Chicago, the demo's), `offset` days from today:
 * production refuses hours that have not begun, so an entry at a fixed hour goes on yesterday.
 */
export function orgDay(offset = 0): string {
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' });
  return fmt.format(new Date(Date.now() + offset * 86_400_000));
}
