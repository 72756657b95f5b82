import { Alert, Button } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AuthLink } from '../components/auth-link';
import { paths } from '@/config/paths';
import { AuthCard } from '../components/auth-card';

/** /auth/recover-password: recovery mail is not set up yet; says what to do meanwhile. */
export default function RecoverPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.recoverPassword')} subtitle={t('auth.resetPassword')}>
      <Alert variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
        {t('auth.recoverText')}
      </Alert>
      <Button component={AuthLink} to={paths.auth.login.getHref()} variant="light" fullWidth>
        {t('auth.backToSignIn')}
      </Button>
    </AuthCard>
  );
}
