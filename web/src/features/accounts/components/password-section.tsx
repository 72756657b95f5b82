import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useChangePassword } from '../api/security';
import { Section, fieldError } from './section';

/** Password change: needs the current password; the server signs out every other session. */
export function PasswordSection() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const change = useChangePassword();
  const toggle = { 'aria-label': t('auth.togglePasswordVisibility') };

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (next !== repeat) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    change.mutate(
      { current_password: current, password: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setRepeat('');
          void notify('success', t('preferences.passwordChanged'));
        },
      },
    );
  }

  const message = change.error ? errorMessage(change.error, t) : '';
  const currentError = fieldError(change.error, 'current_password', message);
  const nextError = fieldError(change.error, 'password', message);
  const otherError = change.error && !currentError && !nextError ? message : null;
  const fields = [
    { label: 'preferences.currentPassword', autoComplete: 'current-password', value: current, set: setCurrent, error: currentError },
    { label: 'preferences.newPassword', autoComplete: 'new-password', value: next, set: setNext, error: nextError },
    {
      label: 'preferences.repeatPassword',
      autoComplete: 'new-password',
      value: repeat,
      set: setRepeat,
      error: mismatch ? t('preferences.passwordMismatch') : null,
    },
  ] as const;

  return (
    <Section title={t('preferences.password')} testId="password-section">
      <form onSubmit={submit}>
        <Stack gap="sm" maw={420}>
          <Text size="sm" c="dimmed">
            {t('preferences.passwordHelp')}
          </Text>
          {fields.map((f) => (
            <PasswordInput
              key={f.label}
              label={t(f.label)}
              autoComplete={f.autoComplete}
              required
              value={f.value}
              onChange={(e) => f.set(e.currentTarget.value)}
              error={f.error}
              visibilityToggleButtonProps={toggle}
            />
          ))}
          {otherError && (
            <Text size="sm" c="red" role="alert">
              {otherError}
            </Text>
          )}
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('preferences.changePassword')}
          </Button>
        </Stack>
      </form>
    </Section>
  );
}
