import { Alert, Anchor, Button, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AuthLink } from '../components/auth-link';
import { paths } from '@/config/paths';
import { AuthCard } from '../components/auth-card';

/** /auth/signup: self sign-up is not open yet; says how to get an account. */
export default function SignupPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.createAccount')}>
      <Alert variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
        {t('auth.signupText')}
      </Alert>
      <Text size="xs" c="dimmed">
        {t('auth.termsNote')} <Text span fw={600} inherit>{t('auth.termsOfUse')}</Text>
      </Text>
      <Button component={AuthLink} to={paths.auth.login.getHref()} variant="light" fullWidth>
        {t('auth.backToSignIn')}
      </Button>
      <Text size="sm" ta="center">
        {t('auth.haveAccount')}{' '}
        <Anchor component={AuthLink} to={paths.auth.login.getHref()} fw={600}>
          {t('auth.signIn')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
