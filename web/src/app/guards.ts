import { redirect, type LoaderFunctionArgs } from 'react-router';
import { HOME_PATH, paths } from '@/config/paths';
import { session } from '@/lib/auth/session';

/**
 * Loader of the signed-in area, run on every navigation (the route revalidates
 * always): without a session it redirects to /auth/login?redirect=<the full path>.
 */
export async function requireSession({ request }: LoaderFunctionArgs) {
  await session.ready();
  if (session.getState().status !== 'authenticated') {
    const url = new URL(request.url);
    throw redirect(paths.auth.login.getHref(`${url.pathname}${url.search}`));
  }
  return null;
}

/** Loader of the auth area: a signed-in user visiting any /auth path goes to the dashboard. */
export async function requireGuest() {
  await session.ready();
  if (session.getState().status === 'authenticated') throw redirect(HOME_PATH);
  return null;
}

/** Re-run the guard on every navigation, not only when the parent route changes. */
export const alwaysRevalidate = () => true;
