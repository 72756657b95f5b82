import { Alert, Button, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '@/lib/use-hydrated';

interface AuthFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** the form's error, shown above the fields and announced */
  error?: ReactNode;
  /** the alert's id when the form names it as its description */
  errorId?: string;
  submitting: boolean;
  submitLabel: string;
  children: ReactNode;
}

/** The frame every sign-in page's form shares: its error above the fields, one full-width submit below. */
export function AuthForm({ onSubmit, error, errorId, submitting, submitLabel, children }: AuthFormProps) {
  const hydrated = useHydrated();
  return (
    <form onSubmit={onSubmit} aria-describedby={error && errorId ? errorId : undefined} inert={!hydrated}>
      <Stack gap="md">
        {error && (
          <Alert id={errorId} role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
            {error}
          </Alert>
        )}
        {children}
        <Button type="submit" size="md" fullWidth loading={submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/** The address an account signs in with; the browser may fill it in as the user name. */
export function EmailField(props: Omit<TextInputProps, 'label' | 'type' | 'name'>) {
  const { t } = useTranslation();
  return <TextInput label={t('auth.email')} type="email" name="email" autoComplete="username" required size="md" {...props} />;
}

/**
 * A form's submit: runs action, keeping the form busy meanwhile, and turns what it throws into
 * the form's error with explain (the error's message in the interface's language).
 */
export function useAuthSubmit(action: () => Promise<void>, explain: (err: unknown) => string) {
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await action();
    } catch (err) {
      setError(explain(err));
    } finally {
      setSubmitting(false);
    }
  }
  return { error, setError, submitting, onSubmit };
}
