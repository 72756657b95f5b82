import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { AppProvider } from './app/provider';
import { AuthApp } from './app/auth-app';
import { paths } from './config/paths';
import { setPrerenderedPath } from './features/accounts/auth/lib/location';
import EmployeePortal from './features/timeclock/kiosk/routes/employee-portal';
import { changeLanguage, i18nReady } from './i18n';
import { LANGUAGES, type Language } from './i18n/languages';
import { takeServerTitle } from './lib/use-document-title';

/**
 * The server side of the public pages' first paint (scripts/prerender.mjs runs it after
 * the build): each page's markup in each language and theme, which auth-main.tsx and
 * kiosk-main.tsx then hydrate. `entry` names the HTML entry the page's file starts from;
 * `name` is the file's (internal/httpapi/prerendered.go serves `prerendered/<name>.<lang>.<theme>.html`).
 */
export const PAGES = [
  { name: 'login', entry: 'auth', path: paths.auth.login.path },
  { name: 'signup', entry: 'auth', path: paths.auth.signup.path },
  { name: 'recover-password', entry: 'auth', path: paths.auth.recoverPassword.path },
  { name: 'recover-password-email', entry: 'auth', path: paths.auth.recoverPasswordEmail.path },
  { name: 'employee-portal', entry: 'kiosk', path: paths.employeePortal.path },
] as const;

export { LANGUAGES };
export const THEMES = ['light', 'dark'] as const;

export async function renderPage(page: (typeof PAGES)[number], language: Language, theme: (typeof THEMES)[number]): Promise<string> {
  return (await renderPageAndTitle(page, language, theme)).markup;
}

/** The page's markup and the tab title it sets. */
export async function renderPageAndTitle(
  page: (typeof PAGES)[number],
  language: Language,
  theme: (typeof THEMES)[number],
): Promise<{ markup: string; title: string | null }> {
  await i18nReady;
  await changeLanguage(language);
  setPrerenderedPath(page.path);
  takeServerTitle();
  const markup = renderToString(
    <StrictMode>
      <AppProvider forceColorScheme={theme}>{page.entry === 'kiosk' ? <EmployeePortal /> : <AuthApp />}</AppProvider>
    </StrictMode>,
  );
  return { markup, title: takeServerTitle() };
}

export { LANGUAGE_INFO } from './i18n/languages';
