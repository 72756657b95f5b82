#!/usr/bin/env node
// Takes screenshots of the app with Debian's Chromium for review and the README.
// Usage: PACKLINE_E2E_URL=http://127.0.0.1:8080 node scripts/screenshots.mjs OUTDIR [name ...]
// (the server must run with --demo). Without names, every shot below is taken.
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const base = process.env.PACKLINE_E2E_URL ?? 'http://127.0.0.1:8080';
const [outDir = 'screenshots', ...which] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const SHOTS = {
  'dashboard-light-gb': {},
  'dashboard-dark-ir': { scheme: 'dark', lang: 'ir' },
  'dashboard-375': { width: 375, height: 812 },
  'dashboard-800': { width: 800 },
  'dashboard-top-nav': { layout: 'top' },
  'login-light': { url: '/auth/login', signed: false },
  'login-dark': { url: '/auth/login', signed: false, scheme: 'dark' },
  'login-375': { url: '/auth/login', signed: false, width: 375, height: 812 },
  'login-ir': { url: '/auth/login', signed: false, lang: 'ir' },
  inventory: { url: '/inventory' },
  preferences: { url: '/preferences' },
  'employee-portal': { url: '/employee-portal', signed: false },
  'employee-portal-dark': { url: '/employee-portal', signed: false, scheme: 'dark' },
  'employee-portal-375': { url: '/employee-portal', signed: false, width: 375, height: 812 },
  'employee-portal-ir': { url: '/employee-portal', signed: false, lang: 'ir' },
  'not-found': { url: '/404' },
};

const browser = await chromium.launch({
  executablePath: process.env.PACKLINE_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
const res = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email: 'demo@packline.local', password: 'packline-demo', remember: true }),
});
const { token } = await res.json();

for (const [name, o] of Object.entries(SHOTS)) {
  if (which.length && !which.includes(name)) continue;
  const { width = 1280, height = 800, scheme = 'light', lang = 'gb', url = '/dashboard', signed = true, layout = 'side' } = o;
  await fetch(`${base}/api/user/preferences`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ theme: scheme, language: lang, nav_layout: layout }),
  });
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addInitScript(
    ([t, s, l, withToken, navLayout]) => {
      if (withToken) localStorage.setItem('packline.token', t);
      localStorage.setItem('packline.color-scheme', s);
      localStorage.setItem('packline.language', l);
      localStorage.setItem('packline.nav-layout', navLayout);
    },
    [token, scheme, lang, signed, layout],
  );
  const page = await context.newPage();
  await page.goto(base + url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(outDir, `${name}.png`) });
  await context.close();
}
// Leave the demo user with the default preferences.
await fetch(`${base}/api/user/preferences`, {
  method: 'PATCH',
  headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
  body: JSON.stringify({ theme: 'light', language: 'gb', nav_layout: 'side' }),
});
await browser.close();
