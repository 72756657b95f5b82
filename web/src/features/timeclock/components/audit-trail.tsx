import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../api/types';
import { formatPunch } from '../lib/time';

/** Who changed a punch, when, from what to what, and why. */
export function AuditTrail({ entries, timeZone }: { entries: AuditEntry[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  if (entries.length === 0) return null;
  const time = (iso: string | undefined) => formatPunch(iso, i18n.language, timeZone);
  return (
    <List size="xs" spacing={2} aria-label={t('employees.auditTrail')}>
      {entries.map((a) => (
        <List.Item key={a.id}>
          <Text span size="xs" c="dimmed">
            {time(a.at)} · {a.user_name || t('employees.unknownUser')}:{' '}
          </Text>
          <Text span size="xs">
            {a.action === 'add'
              ? t('employees.auditAdd', { time: time(a.after.at) })
              : a.action === 'edit'
                ? t('employees.auditEdit', { before: time(a.before?.at), after: time(a.after.at) })
                : t('employees.auditVoid')}
          </Text>
          <Text span size="xs" fs="italic">
            {' '}
            {t('employees.auditReason', { reason: a.reason })}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
