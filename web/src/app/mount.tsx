import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { currentLanguage } from '@/i18n';
import { AppProvider } from './provider';

/**
 * Starts a public page's app in #root. A page the server sent prerendered (src/prerender.tsx)
 * is hydrated when it is in the language and theme this browser shows; otherwise (a choice
 * saved on this device that the server did not know yet, a path with a query such as
 * `?token=`) it is rendered afresh. Returns the root (a test unmounts it when it is done).
 */
export function mount(app: ReactNode): Root {
  const container = document.getElementById('root')!;
  const html = document.documentElement;
  const shown = `${currentLanguage()} ${html.getAttribute('data-mantine-color-scheme') ?? 'light'}`;
  const tree = (
    <StrictMode>
      <AppProvider>{app}</AppProvider>
    </StrictMode>
  );
  if (container.firstElementChild && html.getAttribute('data-prerendered') === shown) {
    return hydrateRoot(container, tree);
  }
  container.replaceChildren();
  const root = createRoot(container);
  root.render(tree);
  return root;
}
