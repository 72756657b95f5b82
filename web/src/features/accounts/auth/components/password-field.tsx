import { PasswordInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: ReactNode;
}

/** A new password: 12 characters at least, the only rule the form states (NIST SP 800-63B). */
export function NewPasswordField({ label, value, onChange, error }: PasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={label}
      name="new-password"
      autoComplete="new-password"
      required
      minLength={12}
      description={t('signup.passwordHelp')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      size="md"
      visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
    />
  );
}
