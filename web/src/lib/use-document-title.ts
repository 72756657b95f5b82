import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to '<page> · Packline' while the page is shown. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const appName = t('common.appName');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
