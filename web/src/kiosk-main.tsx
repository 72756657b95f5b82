import './styles.ts';
import { i18nReady } from './i18n';
import { mount } from './app/mount';
import EmployeePortal from './features/timeclock/kiosk/routes/employee-portal';

// The entry of kiosk.html (/employee-portal): the public kiosk alone, light enough for
// a tablet on a weak connection (SPEC §2, §8). The server sends it prerendered
// (src/prerender.tsx); this makes it interactive.
void i18nReady.finally(() => mount(<EmployeePortal />));

// The kiosk as an app that opens without the network (vite.config.ts kioskApp):
// its service worker, registered once the page has loaded so it never competes with the
// first paint, and the kiosk's page and start-up answers put in its caches at once (the
// visit that installs the worker was not yet served through it).
function registerWorker() {
  navigator.serviceWorker
    .register('/kiosk-sw.js', { scope: '/employee-portal' })
    .then(() => navigator.serviceWorker.ready)
    .then(() =>
      Promise.all([
        caches.open('kiosk-pages').then((c) => c.add('/employee-portal')),
        caches.open('kiosk-api').then((c) => c.addAll(['/api/employees', '/api/settings/public', '/api/kiosk/key'])),
      ]),
    )
    .catch(() => undefined);
}
if (import.meta.env.PROD && 'serviceWorker' in navigator && location.pathname === '/employee-portal') {
  // Once the page has loaded and the tablet is idle: registering costs the main thread a
  // long task a cheap tablet feels (the page's modules finish, awaiting their strings, after
  // its load event, often).
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(registerWorker, { timeout: 5000 }) : setTimeout(registerWorker, 1000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
