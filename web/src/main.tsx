import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.ts';
import { AppProvider } from './app/provider';
import { AppRouter, startAppRouter } from './app/router';
import { i18nReady } from './i18n';

startAppRouter();

// Render once the first language is loaded, so no untranslated key ever shows.
void i18nReady.finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});
