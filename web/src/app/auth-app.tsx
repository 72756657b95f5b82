import '@/features/accounts/auth/strings';
import { useEffect, type ComponentType } from 'react';
import { HOME_PATH, paths } from '@/config/paths';
import { session } from '@/lib/auth/session';
import { loadPage } from '@/lib/page-load';
import { useAuthLocation, navigate } from '@/features/accounts/auth/lib/location';
import LoginPage from '@/features/accounts/auth/routes/login';
import RecoverPasswordEmailPage from '@/features/accounts/auth/routes/recover-password-email';
import RecoverPasswordPage from '@/features/accounts/auth/routes/recover-password';
import SignupPage from '@/features/accounts/auth/routes/signup';
import TermsPage from '@/features/accounts/auth/routes/terms';
import AuthLayout from './layouts/auth-layout';

const PAGES: Record<string, ComponentType> = {
  [paths.auth.login.path]: LoginPage,
  [paths.auth.signup.path]: SignupPage,
  [paths.auth.recoverPassword.path]: RecoverPasswordPage,
  [paths.auth.recoverPasswordEmail.path]: RecoverPasswordEmailPage,
  [paths.auth.terms.path]: TermsPage,
};

/**
 * The auth area (/auth/*), the app of auth.html: its four pages in the brand layout.
 * `/auth` and any unknown /auth path go to the login page. Only signed-out visitors
 * get here (see auth-main.tsx).
 */
export function AuthApp() {
  const { pathname } = useAuthLocation();
  const Page = PAGES[pathname.replace(/\/+$/, '')];
  useEffect(() => {
    if (!Page) navigate(paths.auth.login.getHref(), { replace: true });
  }, [Page]);
  return <AuthLayout>{Page && <Page />}</AuthLayout>;
}

/**
 * Run before the auth pages render: a signed-in visitor on any /auth path goes to the
 * dashboard (SPEC §2). Resolves true when the auth pages should show.
 */
export async function guestOnly(): Promise<boolean> {
  await session.ready();
  if (session.getState().status !== 'authenticated') return true;
  loadPage(HOME_PATH, { replace: true });
  return false;
}
