import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { session } from '@/lib/auth/session';
import { errorMessage } from '@/lib/errors';
import { loadNamespaces } from '@/i18n';

// Its strings are the auth namespace's (signInCode), also when the office app shows it.
await loadNamespaces('auth');


interface TwoFactorStepProps {
  challenge: string;
  remember: boolean;
  onSuccess: () => void;
  /** Back to email and password, with a message when the challenge expired. */
  onRestart: (message?: string) => void;
}

/**
 * A sign-in's second step for an account with two-factor authentication on: the 6-digit
 * code of the authenticator app, or a recovery code (POST /api/login/2fa).
 */
export default function TwoFactorStep({ challenge, remember, onSuccess, onRestart }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await session.loginTwoFactor({ challenge, code: code.trim(), remember });
      onSuccess();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'auth.challenge_invalid') onRestart(errorMessage(err, t));
      else setError(errorMessage(err, t));
      setCode('');
    } finally {
      setSubmitting(false);
    }
  }

  function switchMode() {
    setRecovery((r) => !r);
    setCode('');
    setError(null);
  }

  return (
    <form onSubmit={submit} aria-describedby={error ? 'code-error' : undefined} data-testid="two-factor-step">
      <Stack gap="md">
        <Text size="sm">{recovery ? t('signInCode.recoveryText') : t('signInCode.text')}</Text>
        {error && (
          <Alert id="code-error" role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
            {error}
          </Alert>
        )}
        {recovery ? (
          <TextInput
            key="recovery"
            label={t('signInCode.recoveryLabel')}
            name="recovery-code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            dir="ltr"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            size="md"
            data-autofocus
            autoFocus
          />
        ) : (
          <TextInput
            key="totp"
            label={t('signInCode.codeLabel')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            dir="ltr"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.replace(/[^\d]/g, '').slice(0, 6))}
            size="md"
            autoFocus
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.3em' } }}
          />
        )}
        <Button type="submit" size="md" fullWidth loading={submitting}>
          {t('signInCode.verify')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={switchMode}>
          {recovery ? t('signInCode.useApp') : t('signInCode.useRecovery')}
        </Anchor>
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={() => onRestart()}>
          {t('signInCode.back')}
        </Anchor>
      </Stack>
    </form>
  );
}
