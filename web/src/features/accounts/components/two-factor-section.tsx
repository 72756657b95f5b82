import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  Modal,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconShieldCheck } from '@tabler/icons-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/i18n';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/auth/use-session';
import { errorMessage } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useDisableTwoFactor, useEnableTwoFactor, useSetupTwoFactor, useTwoFactorState } from '../api/security';
import { Section } from './section';
import { ErrorText } from '@/components/error-text';
import { FormActions } from '@/components/form-actions';

const QrCode = lazy(() => import('@/components/qr-code'));

/** A 6-digit code field for an authenticator app's code. */
function CodeInput({ value, onChange, error, label }: { value: string; onChange: (v: string) => void; error?: string | null; label: string }) {
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value.replace(/[^\d]/g, '').slice(0, 6))}
      error={error}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      dir="ltr"
      maw={280}
      data-testid="totp-code"
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.2em' } }}
    />
  );
}

/** Recovery codes, shown once after turning on: copy, download, then dismiss. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  function download() {
    const url = URL.createObjectURL(new Blob([`${t('preferences.recoveryFileTitle')}\n\n${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'packline-recovery-codes.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return (
    <Stack gap="sm" data-testid="recovery-codes">
      <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title={t('preferences.recoveryTitle')}>
        {t('preferences.recoveryHelp')}
      </Alert>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} dir="ltr">
        {codes.map((c) => (
          <li key={c}>
            <Code fz="sm">{c}</Code>
          </li>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? t('common.copied') : t('preferences.copyCodes')}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" onClick={download}>
          {t('preferences.downloadCodes')}
        </Button>
        <Button onClick={onDone}>{t('preferences.savedCodes')}</Button>
      </Group>
    </Stack>
  );
}

/** Turning off: a current code (or a recovery code) or the password. */
function DisableDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [proof, setProof] = useState<'code' | 'password'>('code');
  const [value, setValue] = useState('');
  const disable = useDisableTwoFactor();
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    disable.mutate(proof === 'code' ? { code: value } : { password: value }, {
      onSuccess: () => {
        void notify('success', t('preferences.twoFactorDisabled'));
        setValue('');
        onClose();
      },
    });
  }
  return (
    <Modal opened={opened} onClose={onClose} title={t('preferences.disableTitle')} centered>
      <form onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">{t('preferences.disableText')}</Text>
          <SegmentedControl
            value={proof}
            onChange={(v) => {
              setProof(v as 'code' | 'password');
              setValue('');
              disable.reset();
            }}
            data={[
              { value: 'code', label: t('preferences.proofCode') },
              { value: 'password', label: t('preferences.proofPassword') },
            ]}
          />
          {proof === 'code' ? (
            <TextInput
              label={t('preferences.codeOrRecovery')}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              autoComplete="one-time-code"
              dir="ltr"
              data-autofocus
              required
            />
          ) : (
            <PasswordInput
              label={t('auth.password')}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              autoComplete="current-password"
              visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
              data-autofocus
              required
            />
          )}
          <ErrorText error={disable.error} size="sm" />
          <FormActions onCancel={onClose} submitLabel={t('preferences.disable')} color="red" loading={disable.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Two-factor authentication (TOTP): set up with a QR code and the secret, turn on with a
 * code and the account's password (a signed-in tab alone cannot turn it on), recovery codes
 * shown once, turn off with a code or the password.
 */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const { is2FAEnabled } = useSession();
  const state = useTwoFactorState();
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  // The server blames the password (field "password") or the code.
  const passwordError = enable.error instanceof ApiError && enable.error.field === 'password' ? errorMessage(enable.error, t) : null;
  const codeError = enable.error && !passwordError ? errorMessage(enable.error, t) : null;
  const [disabling, setDisabling] = useState(false);

  function confirm(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    enable.mutate({ code, password }, {
      onSuccess: (res) => {
        setCodes(res.recovery_codes ?? []);
        setCode('');
        setPassword('');
        setup.reset();
        void notify('success', t('preferences.twoFactorEnabled'));
      },
    });
  }

  let body;
  if (codes) {
    body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  } else if (state.isPending) {
    body = <Skeleton h={60} radius="md" />;
  } else if (state.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
        <Group justify="space-between" gap="sm">
          <Text size="sm">{errorMessage(state.error, t)}</Text>
          <Button size="xs" variant="light" onClick={() => void state.refetch()}>
            {t('preferences.retry')}
          </Button>
        </Group>
      </Alert>
    );
  } else if (state.data.is2FAEnabled || is2FAEnabled) {
    body = (
      <Stack gap="sm">
        <Group gap="sm">
          <Badge color="teal" variant="light" leftSection={<IconShieldCheck size={14} aria-hidden />}>
            {t('preferences.twoFactorOn')}
          </Badge>
          <Text size="sm" c="dimmed">
            {t('preferences.recoveryLeft', { count: state.data.recovery_codes_left, n: formatNumber(state.data.recovery_codes_left, currentLanguage()) })}
          </Text>
        </Group>
        <Button variant="light" color="red" onClick={() => setDisabling(true)} style={{ alignSelf: 'flex-start' }}>
          {t('preferences.disable')}
        </Button>
      </Stack>
    );
  } else if (setup.data) {
    const { secret, otpauth_url: url } = setup.data;
    body = (
      <form onSubmit={confirm}>
        <Stack gap="md">
          <Text size="sm">{t('preferences.setupScan')}</Text>
          <Group align="flex-start" gap="lg" wrap="wrap">
            <Suspense fallback={<Loader size="sm" />}>
              <QrCode value={url} label={t('preferences.qrLabel')} size={180} testId="totp-qr" />
            </Suspense>
            <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" c="dimmed">
                {t('preferences.setupManual')}
              </Text>
              <Code fz="sm" dir="ltr" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
                {secret}
              </Code>
              <CopyButton value={secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="subtle" onClick={copy} style={{ alignSelf: 'flex-start' }}>
                    {copied ? t('common.copied') : t('preferences.copySecret')}
                  </Button>
                )}
              </CopyButton>
            </Stack>
          </Group>
          <CodeInput label={t('preferences.setupCode')} value={code} onChange={setCode} error={codeError} />
          <PasswordInput
            label={t('preferences.enablePassword')}
            description={t('preferences.enablePasswordHelp')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={passwordError}
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
            maw={360}
            required
          />
          <Group gap="sm">
            <Button type="submit" loading={enable.isPending} disabled={code.length !== 6 || password === ''}>
              {t('preferences.enable')}
            </Button>
            <Button
              variant="default"
              onClick={() => {
                setPassword('');
                enable.reset();
                setup.reset();
              }}
            >
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('preferences.twoFactorHelp')}
        </Text>
        <ErrorText error={setup.error} size="sm" />
        <Button onClick={() => setup.mutate()} loading={setup.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('preferences.setup')}
        </Button>
      </Stack>
    );
  }

  return (
    <Section title={t('preferences.twoFactor')} testId="two-factor-section">
      {body}
      <DisableDialog opened={disabling} onClose={() => setDisabling(false)} />
    </Section>
  );
}
