import { Button, Center, ThemeIcon } from '@mantine/core';
import { IconMailCheck, IconMailOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AuthLink } from '../components/auth-link';
import { paths } from '@/config/paths';
import { AuthCard } from '../components/auth-card';
import { usePublicSettingsOnce } from '../lib/public-settings';

/**
 * /auth/recover-password-email: the check-your-email notice after asking for a reset link; on a
 * server without a mail server (public settings' mail_configured false) it says instead that no
 * mail went out and the link is only in the server's log.
 */
export default function RecoverPasswordEmailPage() {
  const { t } = useTranslation();
  const logged = usePublicSettingsOnce()?.mail_configured === false;
  return (
    <AuthCard
      title={t(logged ? 'auth.recoverLoggedTitle' : 'auth.recoverEmailTitle')}
      subtitle={t(logged ? 'auth.recoverLoggedText' : 'auth.recoverEmailText')}
    >
      <Center>
        <ThemeIcon variant="light" size={64} radius="xl" color={logged ? 'orange' : undefined}>
          {logged ? <IconMailOff size={32} aria-hidden /> : <IconMailCheck size={32} aria-hidden />}
        </ThemeIcon>
      </Center>
      <Button component={AuthLink} to={paths.auth.login.getHref()} fullWidth>
        {t('auth.backToSignIn')}
      </Button>
    </AuthCard>
  );
}
