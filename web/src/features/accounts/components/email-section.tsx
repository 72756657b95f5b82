import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailCheck, IconMailOff } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '../preferences-strings';
import { useSession } from '@/lib/auth/use-session';
import { errorMessage } from '@/lib/errors';
import { showServerError } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useConfirmEmailChange, useRequestEmailChange } from '../api/email';

/**
 * Preferences → Email: a new address takes effect once the link mailed to it is followed.
 * That link opens /preferences?confirm_email=<token>, which this section confirms.
 */
export function EmailSection() {
  const { t } = useTranslation();
  const { email } = useSession();
  const [params, setParams] = useSearchParams();
  const confirm = useConfirmEmailChange();
  const request = useRequestEmailChange();
  const form = useForm({ initialValues: { email: '', password: '' } });
  // Where the link went, and whether it was mailed or, without a mail server, only logged.
  const [sent, setSent] = useState<{ to: string; logged: boolean } | null>(null);
  const confirming = useRef(false);

  const token = params.get('confirm_email');
  const { mutate: confirmMutate } = confirm;
  useEffect(() => {
    if (!token || confirming.current) return;
    confirming.current = true;
    confirmMutate(token, {
      onSuccess: (res) => void notify('success', t('emailChange.changed', { email: res.user.email })),
      onError: (err) => void notify('danger', errorMessage(err, t)),
      onSettled: () =>
        setParams(
          (p) => {
            p.delete('confirm_email');
            return p;
          },
          { replace: true },
        ),
    });
  }, [token, confirmMutate, setParams, t]);

  async function submit({ email: next, password }: typeof form.values) {
    try {
      const res = await request.mutateAsync({ email: next.trim(), password });
      setSent({ to: next.trim(), logged: res.mail === 'logged' });
      form.reset();
    } catch (err) {
      showServerError(form, err, t, 'email');
    }
  }

  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('emailChange.title')}
        </Title>
        <Text size="sm">
          {t('emailChange.current')}{' '}
          <Text span fw={600} dir="ltr">
            {email}
          </Text>
        </Text>
        {sent && (
          <Alert
            variant="light"
            color={sent.logged ? 'orange' : 'green'}
            icon={sent.logged ? <IconMailOff size={18} aria-hidden /> : <IconMailCheck size={18} aria-hidden />}
            role="status"
          >
            {t(sent.logged ? 'emailChange.sentLogged' : 'emailChange.sent', { email: sent.to })}
          </Alert>
        )}
        <form onSubmit={form.onSubmit(submit)}>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('emailChange.newEmail')}
              type="email"
              required
              autoComplete="email"
              {...form.getInputProps('email')}
              style={{ flex: 1, minWidth: 220 }}
              maw={360}
            />
            <PasswordInput
              label={t('emailChange.password')}
              required
              autoComplete="current-password"
              {...form.getInputProps('password')}
              style={{ flex: 1, minWidth: 200 }}
              maw={300}
              visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
            />
            <Button type="submit" mt={25} loading={request.isPending || confirm.isPending}>
              {t('emailChange.send')}
            </Button>
          </Group>
        </form>
        <Text size="xs" c="dimmed">
          {t('emailChange.help')}
        </Text>
      </Stack>
    </Paper>
  );
}
