import { Alert, Box, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TitledCard } from '@/components/titled-card';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { LOGO_ACCEPT, useRemoveLogo, useUploadLogo } from '../api/logo';

/**
 * The organisation's logo (admins): upload, replace, and remove after a
 * confirmation. The impact report shows it beside the organisation's name.
 */
export function LogoSetting({ logoUrl, organisationName }: { logoUrl?: string; organisationName: string }) {
  const { t } = useTranslation();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [confirming, setConfirming] = useState(false);
  const failure = upload.error ?? remove.error;
  return (
    <TitledCard title={t('settings.logo.title')} help={t('settings.logo.help')} testId="settings-logo">
      <Group gap="lg" align="center" wrap="wrap">
        <Box
          w={200}
          h={100}
          p="xs"
          style={{
            display: 'flex', alignItems: 'center', justifyContent: 'center',
            border: '1px dashed var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)',
            background: '#fff', // a logo is drawn for paper: show it on white in the dark theme too
          }}
        >
          {logoUrl ? (
            <img src={logoUrl} alt={t('settings.logo.alt', { org: organisationName })} data-testid="settings-logo-image"
              style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
          ) : (
            <Text size="sm" c="gray.7" ta="center">{t('settings.logo.none')}</Text>
          )}
        </Box>
        <Stack gap="xs" align="flex-start">
          <FileButton
            accept={LOGO_ACCEPT}
            onChange={(file) => {
              if (!file) return;
              upload.mutate(file, { onSuccess: () => void notify('success', t('settings.logo.saved')) });
            }}
          >
            {(props) => (
              <Button {...props} leftSection={<IconPhotoUp size={18} aria-hidden />} loading={upload.isPending} data-testid="settings-logo-upload">
                {logoUrl ? t('settings.logo.replace') : t('settings.logo.upload')}
              </Button>
            )}
          </FileButton>
          {logoUrl && (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={18} aria-hidden />} onClick={() => setConfirming(true)}
              data-testid="settings-logo-remove">
              {t('settings.logo.remove')}
            </Button>
          )}
          <Text size="xs" c="dimmed">{t('settings.logo.rules')}</Text>
        </Stack>
      </Group>
      {failure && !upload.isPending && !remove.isPending && (
        <Alert color="red" variant="light" role="alert" data-testid="settings-logo-error">
          {errorMessage(failure, t)}
        </Alert>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('settings.logo.removeTitle')}
        body={t('settings.logo.removeBody')}
        confirmLabel={t('settings.logo.remove')}
        cancelLabel={t('common.cancel')}
        color="red"
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              void notify('success', t('settings.logo.removed'));
            },
            onError: () => setConfirming(false),
          })
        }
      />
    </TitledCard>
  );
}
