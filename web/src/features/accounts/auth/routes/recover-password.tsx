import '../strings';
import { Alert, Anchor, Button, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { recoverRequest, resetRequest } from '../api/accounts';
import { AuthCard } from '../components/auth-card';
import { AuthForm, EmailField, useAuthSubmit } from '../components/auth-form';
import { AuthLink } from '../components/auth-link';
import { NewPasswordField } from '../components/password-field';
import { navigate, useAuthLocation } from '../lib/location';

/**
 * /auth/recover-password: asks for the address to mail a reset link to, then shows
 * /auth/recover-password-email. The mailed link comes back here with `?token=`, and the
 * page asks for the new password instead.
 */
export default function RecoverPasswordPage() {
  const { searchParams } = useAuthLocation();
  const token = searchParams.get('token');
  return token ? <ResetForm token={token} /> : <RecoverForm />;
}

function RecoverForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const { error, submitting, onSubmit } = useAuthSubmit(
    async () => {
      await recoverRequest(email.trim());
      navigate(paths.auth.recoverPasswordEmail.getHref());
    },
    (err) => errorMessage(err, t),
  );

  return (
    <AuthCard title={t('auth.recoverPassword')} subtitle={t('signup.recoverSubtitle')}>
      <AuthForm onSubmit={onSubmit} error={error} submitting={submitting} submitLabel={t('signup.sendLink')}>
        <EmailField value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
      </AuthForm>
      <Text size="sm" ta="center">
        <Anchor component={AuthLink} to={paths.auth.login.getHref()} fw={600}>
          {t('auth.backToSignIn')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const { error, submitting, onSubmit } = useAuthSubmit(
    async () => {
      await resetRequest(token, password);
      setDone(true);
    },
    (err) => errorMessage(err, t),
  );

  if (done) {
    return (
      <AuthCard title={t('auth.resetPassword')}>
        <Alert color="green" variant="light" role="status" icon={<IconCircleCheck size={18} aria-hidden />}>
          {t('signup.resetDone')}
        </Alert>
        <Button component={AuthLink} to={paths.auth.login.getHref()} fullWidth size="md">
          {t('auth.signIn')}
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.resetPassword')} subtitle={t('signup.resetSubtitle')}>
      <AuthForm onSubmit={onSubmit} error={error} submitting={submitting} submitLabel={t('auth.resetPassword')}>
        <NewPasswordField label={t('signup.newPassword')} value={password} onChange={setPassword} />
      </AuthForm>
      <Text size="sm" ta="center">
        <Anchor component={AuthLink} to={paths.auth.recoverPassword.getHref()} fw={600}>
          {t('signup.newLink')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
