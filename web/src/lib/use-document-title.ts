import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The title the page rendered on the server asked for (src/prerender.tsx writes it into the HTML). */
let serverTitle: string | null = null;
function recordServerTitle(title: string): void {
  if (typeof document === 'undefined') serverTitle = title;
}
export function takeServerTitle(): string | null {
  const title = serverTitle;
  serverTitle = null;
  return title;
}

/** Sets the tab title to '<page> · Packline' while the page is shown. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const appName = t('common.appName');
  const full = title ? `${title} · ${appName}` : appName;
  recordServerTitle(full); // on the server only: no effect runs there
  useEffect(() => {
    document.title = full;
  }, [full]);
}
