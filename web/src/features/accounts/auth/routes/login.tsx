import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paths, safeRedirectTarget } from '@/config/paths';
import { loadPage } from '@/lib/page-load';
import { AuthCard } from '../components/auth-card';
import { AuthLink } from '../components/auth-link';
import { LoginForm } from '../components/login-form';
import { useAuthLocation } from '../lib/location';

/** /auth/login: after signing in the user lands on `?redirect=` (same-origin paths only). */
export default function LoginPage() {
  const { t } = useTranslation();
  const { searchParams } = useAuthLocation();
  return (
    <AuthCard title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      <LoginForm onSuccess={() => loadPage(safeRedirectTarget(searchParams.get('redirect')), { replace: true })} />
      <Text size="sm" ta="center">
        {t('auth.noAccount')}{' '}
        <Anchor component={AuthLink} to={paths.auth.signup.getHref()} fw={600}>
          {t('auth.createAccount')}
        </Anchor>
      </Text>
      <Text size="xs" ta="center" c="dimmed">
        <Anchor component={AuthLink} to={paths.auth.terms.getHref()} inherit c="dimmed">
          {t('auth.termsOfUse')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
