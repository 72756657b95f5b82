import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';
import { useInviteUser, type Role, type SentInvitation } from '../api/users';
import { SegmentedField } from '@/components/segmented-field';
import { InvitationLink } from './invitation-link';

/**
 * Invite someone by mail with a role; the mailed link opens the signup page. Once made, the
 * modal says whether the invitation was mailed or only logged (no mail server) and shows its
 * link to copy: the only time it can be shown.
 */
export function InviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<SentInvitation | null>(null);
  const invite = useInviteUser();

  function close() {
    setEmail('');
    setRole('staff');
    setError(null);
    setSent(null);
    onClose();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    try {
      setSent(await invite.mutateAsync({ email: email.trim(), role }));
    } catch (err) {
      setError(errorMessage(err, t));
    }
  }

  if (sent) {
    return (
      <Modal opened={opened} onClose={close} title={t('users.invitationReady', { email: sent.email })} centered size="lg">
        <Stack gap="md">
          <InvitationLink sent={sent} />
          <Group justify="flex-end">
            <Button onClick={close}>{t('common.close')}</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal opened={opened} onClose={close} title={t('users.inviteTitle')} centered>
      <form onSubmit={handleSubmit}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('users.inviteHelp')}
          </Text>
          <TextInput
            label={t('users.email')}
            type="email"
            required
            data-autofocus
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={error}
          />
          <SegmentedField
            label={t('users.role')}
            value={role}
            onChange={setRole}
            data={[
              { value: 'staff', label: t('users.roleStaff') },
              { value: 'admin', label: t('users.roleAdmin') },
            ]}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t('users.sendInvitation')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
