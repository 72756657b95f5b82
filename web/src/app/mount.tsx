import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { currentLanguage } from '@/i18n';
import { AppProvider } from './provider';

/**
 * Starts a public page's app in #root. A page the server sent prerendered (src/prerender.tsx)
 * is hydrated when it is in the language and theme this browser shows; otherwise (a choice
 * saved on this device that the server did not know yet, a path with a query such as
 * `?token=`) it is rendered afresh.
 */
export function mount(app: ReactNode): void {
  const container = document.getElementById('root')!;
  const html = document.documentElement;
  const shown = `${currentLanguage()} ${html.getAttribute('data-mantine-color-scheme') ?? 'light'}`;
  const tree = (
    <StrictMode>
      <AppProvider>{app}</AppProvider>
    </StrictMode>
  );
  if (container.firstElementChild && html.getAttribute('data-prerendered') === shown) {
    hydrateRoot(container, tree);
    return;
  }
  container.replaceChildren();
  createRoot(container).render(tree);
}
