import './styles.ts';
import { i18nReady } from './i18n';
import { AuthApp, guestOnly } from './app/auth-app';
import { mount } from './app/mount';

// The entry of auth.html (/auth/*): the sign-in pages without the office app's router,
// query client and components, so the first page anyone sees loads fast (SPEC §2). The
// server sends them prerendered (src/prerender.tsx); this makes them interactive. A
// signed-in visitor goes on to the dashboard instead.
void (async () => {
  await i18nReady.catch(() => undefined);
  if (!(await guestOnly())) return;
  mount(<AuthApp />);
})();
