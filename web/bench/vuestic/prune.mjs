#!/usr/bin/env node
// Prunes web/bench/vuestic/dist (built by build.sh) to the files the pages
// scripts/page-weight.mjs measures load: its login and its dashboard, each opened cold
// in Chromium from a static server of this script. What neither page asks for is deleted;
// index.html and Vuestic's LICENSE stay.
//
// Usage: node bench/vuestic/prune.mjs [--dry-run]
import { chromium } from '@playwright/test';
import { createServer } from 'node:http';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('./dist/', import.meta.url));
const PAGES = ['/auth/login', '/dashboard'];
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };
const asked = new Set(['index.html', 'LICENSE']);
const server = createServer((req, res) => {
  const name = path.normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^([/\\])+/, '');
  let file = path.join(dist, name);
  if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) file = path.join(dist, 'index.html');
  asked.add(path.relative(dist, file));
  res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: process.env.PACKLINE_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
for (const url of PAGES) {
  const context = await browser.newContext();
  await context.route((u) => u.origin !== base, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(base + url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  await context.close();
}
await browser.close();
server.close();

const all = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? all(path.join(dir, e.name)) : [path.join(dir, e.name)]));
let removed = 0;
for (const file of all(dist)) {
  const rel = path.relative(dist, file);
  if (asked.has(rel)) continue;
  removed++;
  if (!process.argv.includes('--dry-run')) rmSync(file);
}
for (const dir of readdirSync(dist, { withFileTypes: true })) {
  if (dir.isDirectory() && readdirSync(path.join(dist, dir.name)).length === 0) rmSync(path.join(dist, dir.name), { recursive: true });
}
console.log(`kept ${[...asked].filter((f) => existsSync(path.join(dist, f))).sort().join(', ')}; removed ${removed} files`);
