#!/usr/bin/env node
// Measures what a browser downloads cold for the key pages: the gzipped bytes of every
// JS and CSS file fetched (and the document), per page, in a fresh Chromium profile.
// Budgets: /auth/login and /employee-portal ≤ 120 KB, /dashboard ≤ 250 KB.
//
// Usage: node scripts/page-weight.mjs [--strict] [--verbose]
//   Starts ../bin/packline on a temp SQLite file with --demo, unless PACKLINE_E2E_URL
//   points at a running server. --strict exits 1 when a page is over budget.
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
const strict = process.argv.includes('--strict');
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
    const context = await browser.newContext(); // fresh profile: empty cache
    if (pageSpec.signedIn) {
      const res = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'demo@packline.local', password: 'packline-demo', remember: true }),
      });
      const { token } = await res.json();
      await context.addInitScript((t) => localStorage.setItem('packline.token', t), token);
    }
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
    rows.push({ page: pageSpec.url, landed, js, css, doc, total, budget: pageSpec.budget, files: files.length });
    if (foreign.length) {
      failed = true;
      console.error(`${pageSpec.url}: requests to other origins: ${foreign.map((f) => f.url).join(', ')}`);
    }
    await context.close();
  }
  const fmt = (n) => `${(n / KB).toFixed(1)} KB`;
  console.log('page                 landed on            JS gz      CSS gz     JS+CSS     budget     ');
  for (const r of rows) {
    const over = r.total > r.budget;
    if (over && strict) failed = true;
    console.log(
      `${r.page.padEnd(20)} ${r.landed.padEnd(20)} ${fmt(r.js).padEnd(10)} ${fmt(r.css).padEnd(10)} ${fmt(r.total).padEnd(10)} ${fmt(r.budget).padEnd(10)} ${over ? 'OVER' : 'ok'}`,
    );
  }
} finally {
  await browser.close();
  server?.kill('SIGTERM');
}
process.exit(failed ? 1 : 0);
