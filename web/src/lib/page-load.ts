/**
 * Loads another document: how the office app, the auth pages and the kiosk hand over
 * to one another (each is its own entry, see entryOf in config/paths.ts). Tests swap
 * the browser's navigation for their own.
 */
type Load = (url: string, replace: boolean) => void;

const browserLoad: Load = (url, replace) => (replace ? window.location.replace(url) : window.location.assign(url));
let load: Load = browserLoad;

export function loadPage(url: string, { replace = false }: { replace?: boolean } = {}): void {
  load(url, replace);
}

/** Test helper: observe page loads instead of performing them (null restores the browser's). */
export function setPageLoadForTests(fn: Load | null): void {
  load = fn ?? browserLoad;
}
