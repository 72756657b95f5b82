import { Anchor, Checkbox, Group, Loader, PasswordInput } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthForm, EmailField, useAuthSubmit } from './auth-form';
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
  const [challenge, setChallenge] = useState<string | null>(null);
  const { error, setError, submitting, onSubmit } = useAuthSubmit(
    async () => {
      try {
        await session.login({ email: email.trim(), password, remember });
      } catch (err) {
        // A second step is not a failure: the form gives way to the code.
        if (!(err instanceof TwoFactorRequired)) throw err;
        setChallenge(err.challenge);
        return;
      }
      onSuccess();
    },
    (err) => (err instanceof ApiError && err.status === 401 ? t('auth.invalidCredentials') : errorMessage(err, t)),
  );

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
    <AuthForm onSubmit={onSubmit} error={error} errorId="login-error" submitting={submitting} submitLabel={t('auth.signIn')}>
      <EmailField value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
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
    </AuthForm>
  );
}
