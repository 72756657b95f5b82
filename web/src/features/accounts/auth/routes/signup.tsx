import '../strings';
import { Alert, Anchor, Button, Center, Checkbox, Group, Loader, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_PATH, paths } from '@/config/paths';
import { writeToken } from '@/lib/auth/token-storage';
import { errorMessage } from '@/lib/errors';
import { showServerError } from '@/lib/form';
import { loadPage } from '@/lib/page-load';
import { getSignupState, signupRequest, type SignupState } from '../api/accounts';
import { AuthCard } from '../components/auth-card';
import { AuthForm, EmailField } from '../components/auth-form';
import { AuthLink } from '../components/auth-link';
import { NewPasswordField } from '../components/password-field';
import { useAuthLocation } from '../lib/location';

/**
 * /auth/signup: first name, last name, email, password and the terms of use. The first
 * account of an organisation becomes its administrator; after that the form needs an
 * invitation link (`?invitation=`, which fills in the address) unless an admin opened signup.
 */
export default function SignupPage() {
  const { t } = useTranslation();
  const { searchParams } = useAuthLocation();
  const invitation = searchParams.get('invitation');
  const [state, setState] = useState<SignupState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    getSignupState(invitation, ctrl.signal).then(setState, (err: unknown) => {
      if (!ctrl.signal.aborted) setLoadError(errorMessage(err, t));
    });
    return () => ctrl.abort();
  }, [invitation, t]);

  const canSignUp = state && (state.open || state.invitation);
  return (
    <AuthCard
      title={t('auth.createAccount')}
      subtitle={state?.first_account ? t('signup.firstAccount') : state?.invitation ? t('signup.invited') : undefined}
    >
      {loadError ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
          {loadError}
        </Alert>
      ) : !state ? (
        <Center py="lg">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : canSignUp ? (
        <SignupForm invitation={state.invitation ? invitation : null} invitedEmail={state.invitation?.email ?? ''} />
      ) : (
        <Alert variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {!invitation ? t('signup.closed') : state.invitation_void ? t('errors.signup.invitation_void') : t('signup.invitationInvalid')}
        </Alert>
      )}
      <Group justify="center" gap={4}>
        <Text size="sm">{t('auth.haveAccount')}</Text>
        <Button component={AuthLink} to={paths.auth.login.getHref()} variant="subtle" size="compact-sm">
          {t('auth.signIn')}
        </Button>
      </Group>
    </AuthCard>
  );
}

function SignupForm({ invitation, invitedEmail }: { invitation: string | null; invitedEmail: string }) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { first_name: '', last_name: '', email: invitedEmail, password: '', terms: false },
    validate: { terms: (v) => (v ? null : t('signup.acceptTermsRequired')) },
  });
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(v: typeof form.values) {
    setSubmitting(true);
    try {
      const res = await signupRequest({
        first_name: v.first_name.trim(),
        last_name: v.last_name.trim(),
        email: v.email.trim(),
        password: v.password,
        ...(invitation ? { invitation } : {}),
      });
      writeToken(res.token, false);
      loadPage(HOME_PATH, { replace: true });
    } catch (err) {
      showServerError(form, err, t, 'form');
      setSubmitting(false);
    }
  }

  return (
    <AuthForm onSubmit={form.onSubmit(handleSubmit)} error={form.errors.form} submitting={submitting} submitLabel={t('auth.createAccount')}>
      <Group grow align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t('signup.firstName')}
          name="first_name"
          autoComplete="given-name"
          required
          {...form.getInputProps('first_name')}
          size="md"
        />
        <TextInput
          label={t('signup.lastName')}
          name="last_name"
          autoComplete="family-name"
          {...form.getInputProps('last_name')}
          size="md"
        />
      </Group>
      <EmailField
        readOnly={!!invitation}
        description={invitation ? t('signup.emailFromInvitation') : undefined}
        {...form.getInputProps('email')}
      />
      <NewPasswordField label={t('auth.password')} value={form.values.password} onChange={(v) => form.setFieldValue('password', v)} error={form.errors.password} />
      <Checkbox
        name="terms"
        {...form.getInputProps('terms', { type: 'checkbox' })}
        label={
          <>
            {t('signup.acceptTerms')}{' '}
            <Anchor href={paths.auth.terms.getHref()} target="_blank" rel="noopener" inherit>
              {t('auth.termsOfUse')}
            </Anchor>
          </>
        }
      />
    </AuthForm>
  );
}
