import '../users-strings';
import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { IconLock, IconMailPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { useSessionState } from '@/lib/auth/use-session';
import { useOrgTimeZone } from '@/lib/org-time';
import { InviteModal } from '../components/invite-modal';
import { OutgoingMailTable } from '../components/outgoing-mail';
import { PendingInvitations } from '../components/pending-invitations';
import { UserTable } from '../components/user-table';

/** /users (admins): the organisation's accounts, invitations by mail (pending ones to resend or revoke), roles, deactivation, two-factor reset. */
export default function UsersPage() {
  const { t } = useTranslation();
  const { user } = useSessionState();
  const timeZone = useOrgTimeZone();
  const [inviting, setInviting] = useState(false);
  const isAdmin = user?.role === 'admin';
  return (
    <PageFrame title={t('nav.users')} description={t('pages.users.description')}>
      {!isAdmin ? (
        <Alert variant="light" icon={<IconLock size={18} aria-hidden />}>
          {t('users.adminOnly')}
        </Alert>
      ) : (
        <Stack gap="lg">
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <Group justify="flex-end">
                <Button leftSection={<IconMailPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
                  {t('users.invite')}
                </Button>
              </Group>
              <PendingInvitations timeZone={timeZone} />
              <UserTable timeZone={timeZone} myId={user?.id ?? undefined} />
            </Stack>
          </Paper>
          <OutgoingMailTable timeZone={timeZone} />
        </Stack>
      )}
      <InviteModal opened={inviting} onClose={() => setInviting(false)} />
    </PageFrame>
  );
}
