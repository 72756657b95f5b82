import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
for (const u of ['/auth/login', '/employee-portal', '/auth/login', '/employee-portal']) {
  const c = await b.newContext(); const p = await c.newPage();
  await p.goto('http://127.0.0.1:18562' + u, { waitUntil: 'networkidle' });
  const r = await p.evaluate(() => ({ paint: performance.getEntriesByType('paint').map(e => `${e.name}:${Math.round(e.startTime)}`), res: performance.getEntriesByType('resource').map(e => `${e.name.split('/').pop().slice(0,20)} ${Math.round(e.startTime)}-${Math.round(e.responseEnd)}`), nav: Math.round(performance.getEntriesByType('navigation')[0].responseEnd), dcl: Math.round(performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd) }));
  console.log(u, JSON.stringify(r));
  await c.close();
}
await b.close();
