import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

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

// The record's name in the breadcrumb lives here, beside the tab title, so the shell and
// the pages share one small chunk rather than a new one.

/**
 * The record a page shows, named in the breadcrumb's last crumb instead of its kind:
 * the batch code, SHP-…, INV-…, the project's name. A page sets it with
 * useRecordCrumb; the shell's breadcrumb reads it for the path it was set on.
 */
let current: { path: string; label: string } | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** Names the shown record in the breadcrumb while the page is shown (nothing while it loads). */
export function useRecordCrumb(label: string | null | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!label) return;
    const mine = { path: pathname, label };
    current = mine;
    emit();
    return () => {
      if (current === mine) {
        current = null;
        emit();
      }
    };
  }, [label, pathname]);
}

/** The record's name set for `pathname`, if any. */
export function useRecordCrumbLabel(pathname: string): string | undefined {
  const c = useSyncExternalStore(subscribe, () => current);
  return c?.path === pathname ? c.label : undefined;
}
