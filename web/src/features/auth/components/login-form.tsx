import { Alert, Anchor, Button, Checkbox, Group, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLink } from './auth-link';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { TwoFactorRequired } from '@/lib/auth/api';
import { session } from '@/lib/auth/session';
import { errorMessage } from '@/lib/errors';

// Only accounts with two-factor sign-in on need the code step: it loads when asked for.
const TwoFactorStep = lazy(() => import('./two-factor-step'));

interface LoginFormProps {
  onSuccess: () => void;
}

/**
 * Email, password and "keep me logged in" (SPEC §2, §4). No client-side format rules
 * (SPEC §5): the server decides; the form only asks for both fields to be filled.
 */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await session.login({ email: email.trim(), password, remember });
      onSuccess();
    } catch (err) {
      if (err instanceof TwoFactorRequired) setChallenge(err.challenge);
      else if (err instanceof ApiError && err.status === 401) setError(t('auth.invalidCredentials'));
      else setError(errorMessage(err, t));
    } finally {
      setSubmitting(false);
    }
  }

  if (challenge) {
    return (
      <Suspense fallback={<Loader size="sm" mx="auto" />}>
        <TwoFactorStep
          challenge={challenge}
          remember={remember}
          onSuccess={onSuccess}
          onRestart={(message) => {
            setChallenge(null);
            setPassword('');
            setError(message ?? null);
          }}
        />
      </Suspense>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate={false} aria-describedby={error ? 'login-error' : undefined}>
      <Stack gap="md">
        {error && (
          <Alert id="login-error" role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
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
        <PasswordInput
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          size="md"
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
        />
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Checkbox
            label={t('auth.keepMeLoggedIn')}
            name="remember"
            checked={remember}
            onChange={(e) => setRemember(e.currentTarget.checked)}
          />
          <Anchor component={AuthLink} to={paths.auth.recoverPassword.getHref()} size="sm" fw={500}>
            {t('auth.recoverPassword')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={submitting}>
          {t('auth.signIn')}
        </Button>
      </Stack>
    </form>
  );
}
