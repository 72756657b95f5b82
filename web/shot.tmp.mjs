import { chromium } from '@playwright/test';
const base = process.env.BASE;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run','--disable-quic'] });
const res = await fetch(`${base}/api/login`, { method: 'POST', headers: {'Content-Type':'application/json'}, body: JSON.stringify({ email: 'demo@packline.local', password: 'packline-demo', remember: true }) });
const { token } = await res.json();
async function shot(name, { width = 1280, height = 800, scheme = 'light', lang = 'gb', url = '/dashboard', signed = true, layout = 'side' } = {}) {
  const ctx = await browser.newContext({ viewport: { width, height } });
  await ctx.addInitScript(([t, s, l, signed, layout]) => {
    if (signed) localStorage.setItem('packline.token', t);
    localStorage.setItem('packline.color-scheme', s);
    localStorage.setItem('packline.language', l);
    localStorage.setItem('packline.nav-layout', layout);
  }, [token, scheme, lang, signed, layout]);
  const page = await ctx.newPage();
  if (signed) await fetch(`${base}/api/user/preferences`, { method: 'PATCH', headers: {'Content-Type':'application/json', Authorization: `Bearer ${token}`}, body: JSON.stringify({ theme: scheme, language: lang, nav_layout: layout }) });
  await page.goto(base + url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(600);
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: false });
  await ctx.close();
}
const which = process.argv.slice(2);
const all = {
  'dash-light-gb': {},
  'dash-dark-ir': { scheme: 'dark', lang: 'ir' },
  'dash-375': { width: 375, height: 812 },
  'login-light': { url: '/auth/login', signed: false },
  'login-dark-1440': { url: '/auth/login', signed: false, scheme: 'dark', width: 1440, height: 900 },
  'dash-800': { width: 800 },
  'dash-top': { layout: 'top' },
  'inventory': { url: '/inventory' },
  'prefs': { url: '/preferences' },
  'kiosk': { url: '/employee-portal', signed: false },
  '404': { url: '/404' },
};
for (const [k, v] of Object.entries(all)) if (!which.length || which.includes(k)) await shot(k, v);
await browser.close();
