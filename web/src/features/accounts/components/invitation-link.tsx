import { Alert, Stack, Text } from '@mantine/core';
import { IconMailCheck, IconMailOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyLink } from '@/components/copy-link';
import type { SentInvitation } from '../api/users';

/**
 * An invitation just made or resent: whether it was mailed, or only written to the server's log
 * (no mail server: then the admin must pass the link on), and its link with Copy. The server keeps
 * only the hash of the link's token, so this is the only time the link can be shown.
 */
export function InvitationLink({ sent, resent = false }: { sent: SentInvitation; resent?: boolean }) {
  const { t } = useTranslation();
  const logged = sent.mail === 'logged';
  const said = logged
    ? t(resent ? 'users.invitations.resentLogged' : 'users.invitedLogged', { email: sent.email })
    : t(resent ? 'users.invitations.resent' : 'users.invited', { email: sent.email });
  return (
    <Stack gap="sm">
      <Alert
        variant="light"
        color={logged ? 'orange' : 'green'}
        icon={logged ? <IconMailOff size={18} aria-hidden /> : <IconMailCheck size={18} aria-hidden />}
        data-testid="invitation-mail"
        data-mail={sent.mail}
      >
        {said}
      </Alert>
      <CopyLink url={sent.link} label={t('users.inviteLink')} testId="invitation-link" />
      <Text size="xs" c="dimmed">
        {t('users.inviteLinkOnce')}
      </Text>
    </Stack>
  );
}
