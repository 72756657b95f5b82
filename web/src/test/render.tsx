import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { followSessionEnd, routes } from '@/app/router';
import { changeLanguage, i18nReady } from '@/i18n';
import { languageOf } from '@/i18n/languages';

/** Loads a language's strings (English by default) so tests can query by the visible text. */
export async function setupI18n(lng = 'gb') {
  await i18nReady;
  await changeLanguage(languageOf(lng));
}

function Providers({ children }: { children: ReactNode }) {
  return <AppProvider env="test">{children}</AppProvider>;
}

export function renderWithProviders(ui: ReactElement, options?: RenderOptions) {
  return render(ui, { wrapper: Providers, ...options });
}

/** Renders the real route table in memory at `url`, as a fresh page load would. */
export function renderApp(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  followSessionEnd(router);
  const result = render(
    <AppProvider env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...result };
}
