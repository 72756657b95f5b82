import './styles.ts';
import { i18nReady } from './i18n';
import { AuthApp, guestOnly } from './app/auth-app';
import { mount } from './app/mount';

// The entry of auth.html (/auth/*): the sign-in pages without the office app's router,
// query client and components, so the first page anyone sees loads fast (SPEC §2). The
// server sends them prerendered (src/prerender.tsx); this makes them interactive. A
// signed-in visitor goes on to the dashboard instead.
// A shared impact report (/impact-link/<token>) is a page of this light entry too: it
// shows the report alone to anyone with the link, signed in or not, and loads the report
// and its charts only on that path.
void (async () => {
  await i18nReady.catch(() => undefined);
  const impact = window.location.pathname.match(/^\/impact-link\/([^/]+)\/?$/);
  if (impact) {
    const { default: PublicImpactPage } = await import('@/features/projects/routes/public-impact');
    mount(<PublicImpactPage token={decodeURIComponent(impact[1])} />);
    return;
  }
  if (!(await guestOnly())) return;
  mount(<AuthApp />);
})();
