import { Alert, Badge, Button, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconDeviceDesktop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { currentLanguage } from '@/i18n';
import { errorMessage } from '@/lib/errors';
import { formatDateTime, formatRelative } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useOrgTimeZone } from '@/lib/org-time';
import { useRevokeSession, useSessions, type UserSession } from '../api/security';
import { Section } from './section';

/** One's sessions (device, signed in, last used) with revoke; this session cannot be revoked here (log out instead). */
export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const [target, setTarget] = useState<UserSession | null>(null);
  const lng = currentLanguage();
  const timeZone = useOrgTimeZone();

  function confirmRevoke() {
    if (!target) return;
    revoke.mutate(target.id, {
      onSuccess: () => void notify('success', t('preferences.sessionRevoked')),
      onError: (err) => void notify('danger', errorMessage(err, t)),
      onSettled: () => setTarget(null),
    });
  }

  let body;
  if (sessions.isPending) {
    body = (
      <Stack gap="xs">
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  } else if (sessions.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
        <Group justify="space-between" gap="sm">
          <Text size="sm">{errorMessage(sessions.error, t)}</Text>
          <Button size="xs" variant="light" onClick={() => void sessions.refetch()}>
            {t('preferences.retry')}
          </Button>
        </Group>
      </Alert>
    );
  } else if (sessions.data.length === 0) {
    body = <Text size="sm" c="dimmed">{t('preferences.noSessions')}</Text>;
  } else {
    body = (
      // On phones the table fits the width: the sign-in time hides and the last use moves
      // under the device, so nothing scrolls sideways.
      <Table verticalSpacing="sm" data-testid="sessions-table" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('preferences.sessionDevice')}</Table.Th>
            <Table.Th visibleFrom="md">{t('preferences.sessionCreated')}</Table.Th>
            <Table.Th visibleFrom="md">{t('preferences.sessionLastUsed')}</Table.Th>
            <Table.Th w={110}>
              <VisuallyHidden>{t('preferences.sessionActions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.data.map((s) => (
            <Table.Tr key={s.id} data-testid="session-row">
              <Table.Td>
                <Group gap={8} wrap="wrap" align="center">
                  <IconDeviceDesktop size={16} aria-hidden />
                  <Text size="sm" dir="auto" style={{ wordBreak: 'break-word', minWidth: 0 }}>
                    {s.device || t('preferences.unknownDevice')}
                  </Text>
                  {s.current && (
                    <Badge size="sm" variant="light">
                      {t('preferences.thisSession')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed" hiddenFrom="md" mt={4} title={formatDateTime(s.last_used_at, lng, timeZone)}>
                  {t('preferences.sessionLastUsedAt', { when: formatRelative(s.last_used_at, lng) })}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Text size="sm">{formatDateTime(s.created_at, lng, timeZone)}</Text>
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Text size="sm" title={formatDateTime(s.last_used_at, lng, timeZone)}>
                  {formatRelative(s.last_used_at, lng)}
                </Text>
              </Table.Td>
              <Table.Td data-flush ta="end">
                {!s.current && (
                  <Button size="xs" variant="subtle" color="red" onClick={() => setTarget(s)}>
                    {t('preferences.revoke')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        </Table>
    );
  }

  return (
    <Section title={t('preferences.sessions')} testId="sessions-section">
      <Text size="sm" c="dimmed">
        {t('preferences.sessionsHelp')}
      </Text>
      {body}
      <ConfirmDialog
        opened={target !== null}
        title={t('preferences.revokeTitle')}
        body={t('preferences.revokeText', { device: target?.device || t('preferences.unknownDevice') })}
        confirmLabel={t('preferences.revoke')}
        cancelLabel={t('common.cancel')}
        color="red"
        loading={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setTarget(null)}
      />
    </Section>
  );
}
