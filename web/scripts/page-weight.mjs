#!/usr/bin/env node
// Measures what a browser downloads cold for the key pages: the gzipped bytes of every
// JS and CSS file fetched (and the document), per page, in a fresh Chromium profile.
// Budgets: /auth/login and /employee-portal ≤ 120 KB, /dashboard ≤ 250 KB.
// Also how the first paint is reached: the request waves before it (a wave is a
// request started by a response of the wave before: the document is wave 0, what its
// HTML names wave 1, what those scripts then import wave 2, …) and the time of the
// first contentful paint, median of 3 cold loads, as is and with a slow tablet's
// network and CPU (150 ms round trip, 1.6 Mbit/s down, CPU 4× slower).
//
// Usage: node scripts/page-weight.mjs [--strict] [--verbose] [--no-paint]
//   Starts ../bin/packline on a temp SQLite file with --demo, unless PACKLINE_E2E_URL
//   points at a running server. --strict exits 1 when a page is over budget or needs
//   more than two waves after the document before its first paint.
//   --verbose lists every file. Any request to another origin (web fonts, CDNs) is reported and fails the run.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const PAGES = [
  { url: '/auth/login', budget: 120 * KB, signedIn: false },
  { url: '/employee-portal', budget: 120 * KB, signedIn: false },
  { url: '/dashboard', budget: 250 * KB, signedIn: true },
];
const MAX_WAVES = 2;
const THROTTLED = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpu: 4 };
const strict = process.argv.includes('--strict');
const paint = !process.argv.includes('--no-paint');
const verbose = process.argv.includes('--verbose');
const port = Number(process.env.PACKLINE_E2E_PORT ?? 18_438);
const base = process.env.PACKLINE_E2E_URL ?? `http://127.0.0.1:${port}`;
const chromiumPath = process.env.PACKLINE_CHROMIUM ?? '/usr/bin/chromium';

async function waitForHealth(url, ms = 30_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} did not become healthy`);
}

/** A fresh context (empty cache), signed in when the page needs it. */
async function coldContext(browser, pageSpec) {
  const context = await browser.newContext();
  if (pageSpec.signedIn) {
    const res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'demo@packline.local', password: 'packline-demo', remember: true }),
    });
    const { token } = await res.json();
    await context.addInitScript((t) => localStorage.setItem('packline.token', t), token);
  }
  return context;
}

/**
 * Loads the page cold once and returns the first contentful paint (ms after navigation
 * start) and the number of request waves after the document started before it.
 */
async function firstPaint(browser, pageSpec, throttled) {
  const context = await coldContext(browser, pageSpec);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (throttled) {
    const { cpu, ...net } = THROTTLED;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...net });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  }
  const sent = []; // { url, wallTime, initiator }
  cdp.on('Network.requestWillBeSent', (e) => sent.push({ url: e.request.url, time: e.wallTime * 1000, initiator: e.initiator }));
  await page.goto(`${base}${pageSpec.url}`, { waitUntil: 'load' });
  const fcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const seen = () => performance.getEntriesByName('first-contentful-paint')[0];
        const poll = () => (seen() ? resolve({ fcp: seen().startTime, origin: performance.timeOrigin }) : setTimeout(poll, 50));
        poll();
      }),
  );
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // The wave of a request: one more than the resource that started it (the document is 0).
  const wave = new Map();
  const waveOf = (r) => {
    if (wave.has(r.url)) return wave.get(r.url);
    const i = r.initiator ?? {};
    const from = i.url ?? i.stack?.callFrames?.[0]?.url ?? i.stack?.parent?.callFrames?.[0]?.url;
    const parent = from && from !== r.url ? sent.find((x) => x.url === from) : null;
    const w = i.type === 'other' && !parent ? 0 : parent ? waveOf(parent) + 1 : 1;
    wave.set(r.url, w);
    return w;
  };
  const paintAt = fcp.origin + fcp.fcp;
  const before = sent.filter((r) => r.time <= paintAt && !r.url.startsWith('data:'));
  const waves = Math.max(0, ...before.map(waveOf));
  await context.close();
  return { fcp: fcp.fcp, waves, requests: before.length };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

let server;
if (!process.env.PACKLINE_E2E_URL) {
  const db = path.join(os.tmpdir(), `packline-weight-${process.pid}.db`);
  server = spawn('../bin/packline', ['serve', '--addr', `127.0.0.1:${port}`, '--db', db, '--demo', '--log-level', 'warn'], {
    stdio: 'ignore',
  });
}

let failed = false;
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
try {
  await waitForHealth(base);
  const origin = new URL(base).origin;
  const rows = [];
  for (const pageSpec of PAGES) {
    const context = await coldContext(browser, pageSpec); // fresh profile: empty cache
    const page = await context.newPage();
    const seen = [];
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      seen.push(
        (async () => {
          const url = response.url();
          if (!url.startsWith(origin)) return { url, type, foreign: true, raw: 0, gz: 0 };
          if (!['script', 'stylesheet', 'document'].includes(type)) return { url, type, raw: 0, gz: 0 };
          const body = await response.body().catch(() => Buffer.alloc(0));
          return { url, type, raw: body.length, gz: gzipSync(body, { level: 9 }).length };
        })(),
      );
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) {
        seen.push(Promise.resolve({ url: request.url(), type: request.resourceType(), foreign: true, raw: 0, gz: 0 }));
      }
    });
    await page.goto(`${base}${pageSpec.url}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const files = await Promise.all(seen);
    const foreign = files.filter((f) => f.foreign);
    const js = files.filter((f) => f.type === 'script').reduce((s, f) => s + f.gz, 0);
    const css = files.filter((f) => f.type === 'stylesheet').reduce((s, f) => s + f.gz, 0);
    const doc = files.filter((f) => f.type === 'document').reduce((s, f) => s + f.gz, 0);
    const total = js + css;
    const landed = new URL(page.url()).pathname;
    if (verbose) {
      for (const f of files.filter((x) => x.gz).sort((a, b) => b.gz - a.gz)) {
        console.log(`  ${pageSpec.url} ${(f.gz / KB).toFixed(1).padStart(7)} KB  ${f.url.replace(origin, '')}`);
      }
    }
    const row = { page: pageSpec.url, landed, js, css, doc, total, budget: pageSpec.budget, files: files.length };
    if (paint) {
      await context.close();
      const fast = [], slow = [];
      for (let i = 0; i < 3; i++) fast.push(await firstPaint(browser, pageSpec, false));
      for (let i = 0; i < 3; i++) slow.push(await firstPaint(browser, pageSpec, true));
      row.waves = Math.max(...fast.map((r) => r.waves), ...slow.map((r) => r.waves));
      row.fcp = median(fast.map((r) => r.fcp));
      row.fcpSlow = median(slow.map((r) => r.fcp));
    }
    rows.push(row);
    if (foreign.length) {
      failed = true;
      console.error(`${pageSpec.url}: requests to other origins: ${foreign.map((f) => f.url).join(', ')}`);
    }
    if (!paint) await context.close();
  }
  const fmt = (n) => `${(n / KB).toFixed(1)} KB`;
  const ms = (n) => (n === undefined ? '-' : `${Math.round(n)} ms`);
  console.log('page                 landed on            JS gz      CSS gz     JS+CSS     budget     waves  first paint  throttled   ');
  for (const r of rows) {
    const over = r.total > r.budget || (r.waves ?? 0) > MAX_WAVES;
    if (over && strict) failed = true;
    console.log(
      `${r.page.padEnd(20)} ${r.landed.padEnd(20)} ${fmt(r.js).padEnd(10)} ${fmt(r.css).padEnd(10)} ${fmt(r.total).padEnd(10)} ${fmt(r.budget).padEnd(10)} ${String(r.waves ?? '-').padEnd(6)} ${ms(r.fcp).padEnd(12)} ${ms(r.fcpSlow).padEnd(11)} ${over ? 'OVER' : 'ok'}`,
    );
  }
} finally {
  await browser.close();
  server?.kill('SIGTERM');
}
process.exit(failed ? 1 : 0);
