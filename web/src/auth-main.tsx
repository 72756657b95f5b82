import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.ts';
import { i18nReady } from './i18n';
import { AuthApp, guestOnly } from './app/auth-app';
import { AppProvider } from './app/provider';

// The entry of auth.html (/auth/*): the sign-in pages without the office app's router,
// query client and components, so the first page anyone sees loads fast (SPEC §2).
// A signed-in visitor goes on to the dashboard instead.
void (async () => {
  await i18nReady.catch(() => undefined);
  if (!(await guestOnly())) return;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <AuthApp />
      </AppProvider>
    </StrictMode>,
  );
})();
