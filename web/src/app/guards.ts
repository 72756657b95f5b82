import type { LoaderFunctionArgs } from 'react-router';
import { paths } from '@/config/paths';
import { session } from '@/lib/auth/session';
import { loadPage } from '@/lib/page-load';

/** Hands over to another entry (a document load); the router waits for the unload. */
function leaveFor(url: string): Promise<never> {
  loadPage(url, { replace: true });
  return new Promise<never>(() => {});
}

/** Loader of the paths another entry serves (/auth/*, the kiosk): load that document. */
export function loadOwnEntry({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return leaveFor(`${url.pathname}${url.search}`);
}

/**
 * Loader of the signed-in area, run on every navigation (the route revalidates
 * always): without a session it loads /auth/login?redirect=<the full path> (auth.html).
 */
export async function requireSession({ request }: LoaderFunctionArgs) {
  await session.ready();
  if (session.getState().status !== 'authenticated') {
    const url = new URL(request.url);
    return leaveFor(paths.auth.login.getHref(`${url.pathname}${url.search}`));
  }
  return null;
}

/** Re-run the guard on every navigation, not only when the parent route changes. */
export const alwaysRevalidate = () => true;
