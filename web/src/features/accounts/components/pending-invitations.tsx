import { ActionIcon, Badge, Button, Group, Modal, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconMailForward, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { usePendingInvitations, useResendInvitation, useRevokeInvitation, type Invitation, type SentInvitation } from '../api/users';
import { IconAction } from '@/components/icon-action';
import { ErrorText } from '@/components/error-text';
import { InvitationLink } from './invitation-link';

/** Why a void invitation is refused: its inviter was deactivated or is no longer an admin. */
function voidText(inv: Invitation, t: (key: string) => string): string | null {
  if (inv.void_reason === 'inviter_inactive') return t('users.invitations.voidInactive');
  if (inv.void_reason === 'inviter_role') return t('users.invitations.voidRole');
  return null;
}

/** Waiting, or void with why (the inviter can no longer grant it). */
function InvitationStatus({ inv }: { inv: Invitation }) {
  const { t } = useTranslation();
  const why = voidText(inv, t);
  if (!why) {
    return (
      <Badge variant="light" color="teal">
        {t('users.invitations.statusPending')}
      </Badge>
    );
  }
  return (
    <Stack gap={2} data-testid="invitation-void">
      <Badge variant="light" color="red" style={{ alignSelf: 'flex-start' }}>
        {t('users.invitations.statusVoid')}
      </Badge>
      <Text size="xs" c="dimmed">
        {why}
      </Text>
    </Stack>
  );
}

/**
 * Invitations not accepted and not expired yet, newest first, each waiting or void (its
 * inviter was deactivated or no longer holds the role it grants: signing up with it is
 * refused, and resending it makes it the resending admin's): resend (a new link, the old
 * one stops working, shown in a dialog with whether it was mailed) or revoke (after a
 * confirmation). Nothing shows while there are none.
 */
export function PendingInvitations({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const list = usePendingInvitations();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [target, setTarget] = useState<Invitation | null>(null);
  const [resent, setResent] = useState<SentInvitation | null>(null);

  async function doResend(inv: Invitation) {
    try {
      setResent(await resend.mutateAsync(inv.id));
    } catch (err) {
      void notify('danger', errorMessage(err, t));
    }
  }

  async function doRevoke() {
    if (!target) return;
    try {
      await revoke.mutateAsync(target.id);
      void notify('success', t('users.invitations.revoked', { email: target.email }));
    } catch (err) {
      void notify('danger', errorMessage(err, t));
    }
    setTarget(null);
  }

  if (list.isError) return <ErrorText error={list.error} />;
  if (!list.data || list.data.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="invitations-title" data-testid="pending-invitations">
      <Title order={2} size="h5" id="invitations-title">
        {t('users.invitations.title', { count: list.data.length })}
      </Title>
      <Table verticalSpacing="xs" aria-labelledby="invitations-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.email')}</Table.Th>
            <Table.Th visibleFrom="md">{t('users.role')}</Table.Th>
            <Table.Th visibleFrom="lg">{t('users.invitations.invitedBy')}</Table.Th>
            <Table.Th visibleFrom="md">{t('users.invitations.expires')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('users.invitations.status')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('users.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.map((inv) => (
            <Table.Tr key={inv.id}>
              <Table.Td style={{ wordBreak: 'break-word' }}>
                <Text size="sm">{inv.email}</Text>
                <Text size="xs" c="dimmed" hiddenFrom="md">
                  {inv.role === 'admin' ? t('users.roleAdmin') : t('users.roleStaff')} ·{' '}
                  {t('users.invitations.until', { date: formatDateTime(inv.expires_at, i18n.language, timeZone) })}
                </Text>
                {inv.void_reason && (
                  <Stack gap={0} hiddenFrom="sm" mt={4}>
                    <InvitationStatus inv={inv} />
                  </Stack>
                )}
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Badge variant="light" color={inv.role === 'admin' ? 'grape' : 'blue'}>
                  {inv.role === 'admin' ? t('users.roleAdmin') : t('users.roleStaff')}
                </Badge>
              </Table.Td>
              <Table.Td visibleFrom="lg">{inv.invited_by || '—'}</Table.Td>
              <Table.Td visibleFrom="md">{formatDateTime(inv.expires_at, i18n.language, timeZone)}</Table.Td>
              <Table.Td visibleFrom="sm" maw={260}>
                <InvitationStatus inv={inv} />
              </Table.Td>
              <Table.Td data-flush>
                <Group gap={4} justify="flex-end" wrap="nowrap" visibleFrom="md">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconMailForward size={14} aria-hidden />}
                    aria-label={t('users.invitations.resendTo', { email: inv.email })}
                    loading={resend.isPending && resend.variables === inv.id}
                    onClick={() => void doResend(inv)}
                  >
                    {t('users.invitations.resend')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    leftSection={<IconX size={14} aria-hidden />}
                    aria-label={t('users.invitations.revokeFor', { email: inv.email })}
                    onClick={() => setTarget(inv)}
                  >
                    {t('users.invitations.revoke')}
                  </Button>
                </Group>
                {/* Phones: the same two actions as icons, so the address keeps the width. */}
                <Group gap={2} justify="flex-end" wrap="nowrap" hiddenFrom="md">
                  <Tooltip label={t('users.invitations.resend')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('users.invitations.resendTo', { email: inv.email })}
                      loading={resend.isPending && resend.variables === inv.id}
                      onClick={() => void doResend(inv)}
                    >
                      <IconMailForward size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <IconAction label={t('users.invitations.revoke')} name={t('users.invitations.revokeFor', { email: inv.email })} icon={IconX} color="red" onClick={() => setTarget(inv)} size={18} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ConfirmDialog
        opened={target !== null}
        title={t('users.invitations.revokeTitle', { email: target?.email ?? '' })}
        body={t('users.invitations.revokeBody')}
        confirmLabel={t('users.invitations.revoke')}
        cancelLabel={t('common.cancel')}
        color="red"
        loading={revoke.isPending}
        onConfirm={() => void doRevoke()}
        onClose={() => setTarget(null)}
      />
      <Modal opened={resent !== null} onClose={() => setResent(null)} title={t('users.invitationReady', { email: resent?.email ?? '' })} centered size="lg">
        {resent && (
          <Stack gap="md">
            <InvitationLink sent={resent} resent />
            <Group justify="flex-end">
              <Button onClick={() => setResent(null)}>{t('common.close')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
