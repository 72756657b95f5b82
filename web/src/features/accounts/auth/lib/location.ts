import { useSyncExternalStore } from 'react';
import { entryOf } from '@/config/paths';
import { loadPage } from '@/lib/page-load';

/**
 * The auth pages' own navigation: four pages need no router, only the address bar.
 * Moving between auth pages pushes history; any other target loads that page's entry.
 */
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('popstate', changed);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', changed);
  };
}

const current = () => `${window.location.pathname}${window.location.search}`;

/**
 * What the page was prerendered for (scripts/prerender.mjs): the path alone. Hydration
 * renders that first, as the build did, and then the real address with its query.
 */
let prerenderedPath: string | null = null;
export function setPrerenderedPath(path: string): void {
  prerenderedPath = path;
}
const serverSnapshot = () => prerenderedPath ?? window.location.pathname;

/** The current path and query, re-rendering on every change. */
export function useAuthLocation(): { pathname: string; searchParams: URLSearchParams } {
  const href = useSyncExternalStore(subscribe, current, serverSnapshot);
  const url = new URL(href, 'http://packline.invalid');
  return { pathname: url.pathname, searchParams: url.searchParams };
}

export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin || entryOf(url.pathname) !== 'auth') {
    loadPage(to, { replace });
    return;
  }
  if (replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.scrollTo(0, 0);
  changed();
}
