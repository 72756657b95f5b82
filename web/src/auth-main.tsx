import './styles.ts';
import { i18nReady } from './i18n';
import { AuthApp, guestOnly } from './app/auth-app';
import { mount } from './app/mount';

// The entry of auth.html (/auth/*): the sign-in pages without the office app's router,
// query client and components, so the first page anyone sees loads fast (SPEC §2). The
// server sends them prerendered (src/prerender.tsx); this makes them interactive. A
// signed-in visitor goes on to the dashboard instead.
// The read-only pages reached by a link in a mail (a shared impact report,
// /impact-link/<token>; an invoice, /invoice-link/<token>) are pages of this light entry
// too: they show their record alone to anyone with the link, signed in or not, and load
// their code only on their path.
const linkPages = [
  { path: /^\/impact-link\/([^/]+)\/?$/, page: () => import('@/features/impact/routes/public-impact') },
  { path: /^\/invoice-link\/([^/]+)\/?$/, page: () => import('@/features/payments/routes/public-invoice') },
];

void (async () => {
  await i18nReady.catch(() => undefined);
  for (const { path, page } of linkPages) {
    const match = window.location.pathname.match(path);
    if (!match) continue;
    const { default: Page } = await page();
    mount(<Page token={decodeURIComponent(match[1])} />);
    return;
  }
  if (!(await guestOnly())) return;
  mount(<AuthApp />);
})();
