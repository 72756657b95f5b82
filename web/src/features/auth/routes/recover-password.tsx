import '../strings';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { recoverRequest, resetRequest } from '../api/accounts';
import { AuthCard } from '../components/auth-card';
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
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await recoverRequest(email.trim());
      navigate(paths.auth.recoverPasswordEmail.getHref());
    } catch (err) {
      setError(errorMessage(err, t));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title={t('auth.recoverPassword')} subtitle={t('signup.recoverSubtitle')}>
      <form onSubmit={handleSubmit}>
        <Stack gap="md">
          {error && (
            <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
              {error}
            </Alert>
          )}
          <TextInput
            label={t('auth.email')}
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            size="md"
          />
          <Button type="submit" size="md" fullWidth loading={submitting}>
            {t('signup.sendLink')}
          </Button>
        </Stack>
      </form>
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
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await resetRequest(token, password);
      setDone(true);
    } catch (err) {
      setError(errorMessage(err, t));
    } finally {
      setSubmitting(false);
    }
  }

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
      <form onSubmit={handleSubmit}>
        <Stack gap="md">
          {error && (
            <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
              {error}
            </Alert>
          )}
          <NewPasswordField label={t('signup.newPassword')} value={password} onChange={setPassword} />
          <Button type="submit" size="md" fullWidth loading={submitting}>
            {t('auth.resetPassword')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <Anchor component={AuthLink} to={paths.auth.recoverPassword.getHref()} fw={600}>
          {t('signup.newLink')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
