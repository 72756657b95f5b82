import { Button, Center, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AuthLink } from '../components/auth-link';
import { paths } from '@/config/paths';
import { AuthCard } from '../components/auth-card';

/** /auth/recover-password-email: the check-your-email notice after asking for a reset link. */
export default function RecoverPasswordEmailPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.recoverEmailTitle')} subtitle={t('auth.recoverEmailText')}>
      <Center>
        <ThemeIcon variant="light" size={64} radius="xl">
          <IconMailCheck size={32} aria-hidden />
        </ThemeIcon>
      </Center>
      <Button component={AuthLink} to={paths.auth.login.getHref()} fullWidth>
        {t('auth.backToSignIn')}
      </Button>
    </AuthCard>
  );
}
