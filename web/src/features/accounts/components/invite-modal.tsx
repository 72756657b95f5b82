import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useInviteUser, type Role } from '../api/users';
import { SegmentedField } from '@/components/segmented-field';

/** Invite someone by mail with a role; the mailed link opens the signup page. */
export function InviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [error, setError] = useState<string | null>(null);
  const invite = useInviteUser();

  function close() {
    setEmail('');
    setRole('staff');
    setError(null);
    onClose();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    try {
      const res = await invite.mutateAsync({ email: email.trim(), role });
      void notify('success', t('users.invited', { email: res.email }));
      close();
    } catch (err) {
      setError(errorMessage(err, t));
    }
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
