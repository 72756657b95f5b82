#!/usr/bin/env node
// Splits the interface strings by area into i18next namespaces:
// src/i18n/locales/<namespace>/<lang>.json, each holding its sections under their own
// keys (namespace `inventory` holds {"inventory": {…}}), so `t('inventory.batch.title')`
// works unchanged: src/i18n/index.ts lists every namespace as a fallback of `common`.
// One folder per namespace with the five languages side by side keeps the layout that
// tools comparing a gb.json with its siblings expect.
//
// Re-runnable: it reads what is already split and, on top of it, any monolithic
// src/i18n/locales/<lang>.json (new or changed strings win), writes the split again by
// NAMESPACES below and deletes the monolithic files (--keep keeps them). Unknown sections
// go to `common`. Running it twice changes nothing.
//
//   node scripts/split-locales.mjs [--keep] [--check]
//   --check: exit 1 if running it would change a file (for CI), writing nothing.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const LANGUAGES = ['gb', 'br', 'es', 'cn', 'ir'];

/**
 * Where each section goes: a top-level key, or one part of it (`inventory.scan`), to its
 * namespace, or to several (a copy in each: strings two entries need without the rest). The
 * most specific entry wins; a section named nowhere goes to `common`. `common` loads on every
 * page; `shell` with the office app; `auth` and `kiosk` with their public pages; every other
 * namespace with the screens that declare it (the area's strings.ts: `loadNamespaces(…)` of
 * src/i18n/index.ts).
 */
export const NAMESPACES = {
  common: 'common',
  messages: 'common',
  employeePortal: 'common',
  // The API's error messages: the generic ones and those the shell can meet in `common`,
  // an account's with the auth pages, the kiosk's with the kiosk (both also in `errors`),
  // the office areas' in `errors`, which every area loads with its strings.
  errors: 'errors',
  ...Object.fromEntries(
    [
      'generic', 'reference', 'network', 'noToken', 'invalidToken', 'forbidden', 'invalidResponse', 'tooManyAttempts',
      'tooLarge', 'itemsNotFound', 'fileTypeIncorrect', 'optionNotSelected', 'pageFailedTitle', 'pageFailedText',
      'kind', 'api', 'request', 'text', 'field', 'range', 'db', 'notifications', 'preferences', 'session',
    ].map((k) => [`errors.${k}`, 'common']),
  ),
  ...Object.fromEntries(['signup', 'password', 'twofactor', 'user'].map((k) => [`errors.${k}`, ['auth', 'errors']])),
  // A session's end (auth.no_token, …) can show on any office screen.
  'errors.auth': ['auth', 'shell', 'errors'],
  ...Object.fromEntries(['employee', 'punch', 'clock', 'pin'].map((k) => [`errors.${k}`, ['kiosk', 'errors']])),
  nav: 'shell',
  notFound: 'shell',
  units: 'shell',
  navbar: 'shell',
  // Asking before a dialog's unsaved input is lost (components/guarded-modal.tsx).
  unsaved: 'shell',
  // The Patch Notes modal's strings load with it (it is lazy), not with the office shell.
  patchNotes: 'patchNotes',
  // Messaging: the notifications dropdown's and page's strings load with them, beside the
  // chat's; the bell's count with the shell.
  notifications: 'messaging',
  'notifications.unread': 'shell',
  // The search (Spotlight) brings its own, and the document types it names.
  search: 'search',
  'documents.types': ['documents', 'search'],
  pages: 'pages',
  auth: 'auth',
  signup: 'auth',
  signInCode: 'auth',
  kiosk: 'kiosk',
  dashboard: 'dashboard',
  'payments.card': 'dashboard',
  preferences: 'preferences',
  emailChange: 'preferences',
  settings: 'organisation',
  signupSetting: 'organisation',
  inventory: 'inventory',
  'inventory.scan': 'scan',
  'inventory.trace': 'trace',
  production: 'production',
  shipping: 'shipping',
  documents: 'documents',
  employees: 'employees',
  clients: 'clients',
  partners: 'partners',
  projects: 'projects',
  users: 'users',
  payments: 'payments',
  chat: 'messaging',
  faq: 'faq',
  recalls: 'recalls',
  // The impact report: the office page and the shared page (auth.html) load it alone,
  // with its error messages.
  impact: 'impact',
  'errors.impact': ['impact', 'errors'],
};

const isTree = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** b merged into a (b's values win), as a new tree; key order: a's, then b's new keys. */
function merge(a, b) {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isTree(v) && isTree(out[k]) ? merge(out[k], v) : v;
  return out;
}

/** The namespace of a dotted path: its longest prefix named in NAMESPACES. */
function namespaceOf(pathParts) {
  for (let n = pathParts.length; n > 0; n--) {
    const ns = NAMESPACES[pathParts.slice(0, n).join('.')];
    if (ns) return ns;
  }
  return 'common';
}

/** Whether some longer path under `prefix` is mapped (the section must be split further). */
const splitBelow = (prefix) => Object.keys(NAMESPACES).some((k) => k.startsWith(`${prefix}.`));

/** Distributes a language's whole tree into { namespace: tree }. */
export function split(tree) {
  const out = {};
  const put = (ns, parts, value) => {
    let node = (out[ns] ??= {});
    for (const p of parts.slice(0, -1)) node = node[p] ??= {};
    node[parts.at(-1)] = value;
  };
  const walk = (node, parts) => {
    for (const [k, v] of Object.entries(node)) {
      const here = [...parts, k];
      if (isTree(v) && splitBelow(here.join('.'))) walk(v, here);
      else for (const ns of [namespaceOf(here)].flat()) put(ns, here, v);
    }
  };
  walk(tree, []);
  return out;
}

/** A language's whole tree, from the split files and a monolithic file (which wins). */
export function readLanguage(dir, lang) {
  let tree = {};
  for (const ns of existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : []) {
    const file = `${dir}/${ns.name}/${lang}.json`;
    if (ns.isDirectory() && existsSync(file)) tree = merge(tree, JSON.parse(readFileSync(file, 'utf8')));
  }
  const whole = `${dir}/${lang}.json`;
  if (existsSync(whole)) tree = merge(tree, JSON.parse(readFileSync(whole, 'utf8')));
  return tree;
}

const json = (v) => `${JSON.stringify(v, null, 2)}\n`;

function main() {
  const dir = fileURLToPath(new URL('../src/i18n/locales', import.meta.url));
  const keep = process.argv.includes('--keep');
  const check = process.argv.includes('--check');
  const want = new Map(); // file → text
  for (const lang of LANGUAGES) {
    for (const [ns, tree] of Object.entries(split(readLanguage(dir, lang)))) want.set(`${dir}/${ns}/${lang}.json`, json(tree));
  }
  const stale = [];
  for (const ns of readdirSync(dir, { withFileTypes: true })) {
    if (!ns.isDirectory()) continue;
    for (const f of readdirSync(`${dir}/${ns.name}`)) if (!want.has(`${dir}/${ns.name}/${f}`)) stale.push(`${dir}/${ns.name}/${f}`);
  }
  const monolithic = keep ? [] : LANGUAGES.map((l) => `${dir}/${l}.json`).filter(existsSync);
  const changed = [...want].filter(([f, text]) => !existsSync(f) || readFileSync(f, 'utf8') !== text).map(([f]) => f);
  if (check) {
    const all = [...changed, ...stale, ...monolithic];
    if (all.length) console.error(`split-locales: out of date: ${all.map((f) => f.slice(dir.length + 1)).join(', ')}`);
    process.exit(all.length ? 1 : 0);
  }
  for (const f of changed) {
    mkdirSync(f.slice(0, f.lastIndexOf('/')), { recursive: true });
    writeFileSync(f, want.get(f));
  }
  for (const f of [...stale, ...monolithic]) rmSync(f);
  for (const ns of readdirSync(dir, { withFileTypes: true })) {
    if (ns.isDirectory() && readdirSync(`${dir}/${ns.name}`).length === 0) rmSync(`${dir}/${ns.name}`, { recursive: true });
  }
  const namespaces = new Set([...want.keys()].map((f) => f.split('/').at(-2)));
  console.log(
    `split-locales: ${namespaces.size} namespaces × ${LANGUAGES.length} languages; ${changed.length} written, ${stale.length + monolithic.length} removed`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
