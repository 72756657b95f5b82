#!/usr/bin/env node
// Lighthouse 12.2.3 (pinned in this folder's package.json, installed by `make bench`, not by
// the app or its tests) on five pages, as a phone (Lighthouse's default: Moto G Power, slow 4G,
// CPU 4× slower, simulated) and as a desktop, each loaded cold RUNS times; the median of each
// figure is printed as a table and, under `make bench`, as its summary lines.
//   Performance and accessibility scores, first contentful paint, largest contentful paint,
//   total blocking time and cumulative layout shift. Goals checked: accessibility 100 on the
//   inventory and the production daily report, the inventory's layout shift ≤ 0.1 on a phone,
//   and the kiosk's total blocking time at most 1.5× the login's in the same run.
// The signed-in pages get a session token in localStorage first (Lighthouse then keeps the
// storage but the HTTP cache is cleared before each load, so every load is cold).
//
// Usage: node bench/lighthouse/run.mjs   (from web/, after npm ci in bench/lighthouse)
//   Starts ../bin/packline on a temp SQLite file with --demo, unless PACKLINE_E2E_URL points
//   at a running server. LIGHTHOUSE_RUNS (default 2) loads per page and form factor.
import { spawn } from 'node:child_process';
import { appendFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

const PAGES = [
  { url: '/auth/login', signedIn: false },
  { url: '/employee-portal', signedIn: false },
  { url: '/dashboard', signedIn: true },
  { url: '/inventory', signedIn: true },
  { url: '/production/production-daily', signedIn: true },
];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 2);
/** LIGHTHOUSE_PAGES="/auth/login /employee-portal": only those pages (the goals need all five). */
const only = process.env.LIGHTHOUSE_PAGES?.split(/\s+/).filter(Boolean);
const port = Number(process.env.PACKLINE_E2E_PORT ?? 18_439);
const base = process.env.PACKLINE_E2E_URL ?? `http://127.0.0.1:${port}`;
const chromePath = process.env.PACKLINE_CHROMIUM ?? '/usr/bin/chromium';

async function waitForHealth(url, ms = 180_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} did not become healthy`);
}

let server;
let db;
if (!process.env.PACKLINE_E2E_URL) {
  db = path.join(os.tmpdir(), `packline-lighthouse-${process.pid}.db`);
  server = spawn('../bin/packline', ['serve', '--addr', `127.0.0.1:${port}`, '--db', db, '--demo', '--log-level', 'warn'], { stdio: 'ignore' });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
const rows = [];
try {
  await waitForHealth(base);
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'demo@packline.local', password: 'packline-demo', remember: true }),
  });
  const { token } = await login.json();
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  // Signed in or out for the next load, with the HTTP cache emptied (a cold load either way).
  const prepare = async (signedIn) => {
    const page = await browser.newPage();
    await page.goto(`${base}/favicon.svg`);
    await page.evaluate((t) => (t ? localStorage.setItem('packline.token', t) : localStorage.clear()), signedIn ? token : null);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  };
  // The server's first answers (a fresh demo database, statement caches) are not what a visitor
  // meets: each page and the dashboard's figures asked for once, then a moment's rest.
  for (const p of [...PAGES.map((x) => x.url), '/api/inventory/items', '/api/production/today', '/api/employees']) {
    await fetch(`${base}${p}`, { headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined);
  }
  await new Promise((r) => setTimeout(r, 3000));
  for (const [formFactor, config] of [
    ['phone', undefined],
    ['desktop', desktopConfig],
  ]) {
    for (const spec of PAGES.filter((p) => !only || only.includes(p.url))) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        await prepare(spec.signedIn);
        const result = await lighthouse(
          `${base}${spec.url}`,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true },
          config,
        );
        const { categories, audits } = result.lhr;
        runs.push({
          performance: Math.round(categories.performance.score * 100),
          accessibility: Math.round(categories.accessibility.score * 100),
          fcp: audits['first-contentful-paint'].numericValue,
          lcp: audits['largest-contentful-paint'].numericValue,
          tbt: audits['total-blocking-time'].numericValue,
          cls: audits['cumulative-layout-shift'].numericValue,
          failed: categories.accessibility.score < 1 ? categories.accessibility.auditRefs.filter((r) => r.weight > 0 && audits[r.id].score === 0).map((r) => r.id) : [],
        });
      }
      const m = (k) => median(runs.map((r) => r[k]));
      rows.push({
        formFactor,
        url: spec.url,
        performance: m('performance'),
        accessibility: Math.min(...runs.map((r) => r.accessibility)),
        fcp: m('fcp'),
        lcp: m('lcp'),
        tbt: m('tbt'),
        cls: Math.max(...runs.map((r) => r.cls)),
        failed: [...new Set(runs.flatMap((r) => r.failed))],
      });
    }
  }
  await browser.disconnect();
} finally {
  await chrome.kill();
  server?.kill('SIGTERM');
  if (db) for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
}

const ms = (v) => `${Math.round(v)} ms`;
console.log(`Lighthouse 12.2.3, median of ${RUNS} cold loads (accessibility: the lowest; layout shift: the highest); load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log('form     page                           perf  a11y  first paint  LCP        TBT        CLS    failing a11y audits');
for (const r of rows) {
  console.log(
    `${r.formFactor.padEnd(8)} ${r.url.padEnd(30)} ${String(r.performance).padEnd(5)} ${String(r.accessibility).padEnd(5)} ${ms(r.fcp).padEnd(12)} ${ms(r.lcp).padEnd(10)} ${ms(r.tbt).padEnd(10)} ${r.cls.toFixed(3).padEnd(6)} ${r.failed.join(', ')}`,
  );
}

// The goals, each against what it is measured beside.
if (only) process.exit(0);
const row = (formFactor, url) => rows.find((r) => r.formFactor === formFactor && r.url === url);
const goals = [];
for (const url of ['/inventory', '/production/production-daily']) {
  const r = row('phone', url);
  goals.push([`Lighthouse accessibility, ${url} (phone)`, `${r.accessibility} (goal 100)`, r.failed.join(', ') || '–', r.accessibility === 100]);
}
const inv = row('phone', '/inventory');
goals.push(['Lighthouse layout shift, /inventory (phone)', `${inv.cls.toFixed(3)} (goal ≤ 0.1)`, '–', inv.cls <= 0.1]);
for (const formFactor of ['phone', 'desktop']) {
  const kiosk = row(formFactor, '/employee-portal');
  const login = row(formFactor, '/auth/login');
  const ratio = login.tbt > 0 ? kiosk.tbt / login.tbt : kiosk.tbt > 0 ? Infinity : 1;
  goals.push([
    `Lighthouse total blocking time, /employee-portal (${formFactor})`,
    `${ms(kiosk.tbt)}, ${Number.isFinite(ratio) ? ratio.toFixed(2) : '∞'}× the login's (goal ≤ 1.5×)`,
    `/auth/login ${ms(login.tbt)}`,
    ratio <= 1.5,
  ]);
}
for (const [what, figure, reference, met] of goals) {
  console.log(`${met ? 'ok  ' : 'MISS'} ${what}: ${figure}; ${reference}`);
  if (process.env.BENCH_SUMMARY) appendFileSync(process.env.BENCH_SUMMARY, `SUMMARY ${what}|${figure}|${reference}|${met ? 'yes' : 'no'}\n`);
}
