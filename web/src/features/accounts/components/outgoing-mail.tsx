import { Badge, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useOutgoingMail, type OutgoingMail } from '../api/users';
import { ListTable } from '@/components/list-table';
import { ErrorText } from '@/components/error-text';
import { TitledCard } from '@/components/titled-card';

const kindKey = { invitation: 'users.mailKindInvitation', recovery: 'users.mailKindRecovery', email_change: 'users.mailKindEmailChange', invoice: 'users.mailKindInvoice', impact_report: 'users.mailKindImpact' } as const;
const statusKey = { pending: 'users.mailPending', sent: 'users.mailSent', logged: 'users.mailLogged', failed: 'users.mailFailed' } as const;
const statusColor = { pending: 'yellow', sent: 'green', logged: 'orange', failed: 'red' } as const;

/**
 * A card of the latest mails the server sent or is still trying to send, with the mail server's last error.
 * Without a mail server (no --smtp-url) a mail is "logged": written to the server's log, received by nobody.
 */
export function OutgoingMailTable({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const query = useOutgoingMail();
  const when = (v: string | null | undefined) => formatDateTime(v, i18n.language, timeZone);
  const detail = (m: OutgoingMail) => {
    if (m.status === 'sent') return t('users.mailSentAt', { time: when(m.sent_at) });
    if (m.status === 'logged') return t('users.mailLoggedAt', { time: when(m.sent_at) });
    const parts = [];
    if (m.status === 'pending' && m.next_attempt_at && m.attempts > 0) parts.push(t('users.mailNextAttempt', { time: when(m.next_attempt_at) }));
    if (m.last_error) parts.push(t('users.mailLastError', { error: m.last_error }));
    return parts.join(' · ');
  };
  return (
    <TitledCard title={t('users.mailTitle')} help={t('users.mailHelp')} gap="xs">
      <ListTable
        minWidth={860}
        fz={undefined}
        verticalSpacing="xs"
        aria-label={t('users.mailTitle')}
        columns={[t('users.mailQueued'), t('users.mailKind'), t('users.mailTo'), t('users.status'), t('users.mailAttempts'), t('users.mailDetail')]}
      >
        {query.isPending && (
          <Table.Tr>
            {[0, 1, 2, 3, 4, 5].map((c) => (
              <Table.Td key={c}>
                <Skeleton h={14} />
              </Table.Td>
            ))}
          </Table.Tr>
        )}
        {query.data?.mails.map((m) => (
          <Table.Tr key={m.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(m.created_at)}</Table.Td>
            <Table.Td>{t(kindKey[m.kind])}</Table.Td>
            <Table.Td>{m.to}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Badge variant="light" color={statusColor[m.status]}>
                {t(statusKey[m.status])}
              </Badge>
            </Table.Td>
            <Table.Td>{m.attempts}</Table.Td>
            <Table.Td miw={240}>
              <Text size="sm" c={m.status === 'sent' ? 'dimmed' : m.status === 'failed' ? 'red' : undefined} style={{ wordBreak: 'break-word' }}>
                {detail(m)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      {query.data && query.data.mails.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('users.mailNone')}
        </Text>
      )}
      <ErrorText error={query.error} size="sm" />
    </TitledCard>
  );
}
