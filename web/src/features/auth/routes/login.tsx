import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths, safeRedirectTarget } from '@/config/paths';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';

/** /auth/login: after signing in the user lands on `?redirect=` (same-origin paths only). */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <AuthCard title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      <LoginForm onSuccess={() => navigate(safeRedirectTarget(params.get('redirect')), { replace: true })} />
      <Text size="sm" ta="center">
        {t('auth.noAccount')}{' '}
        <Anchor component={Link} to={paths.auth.signup.getHref()} fw={600}>
          {t('auth.createAccount')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
