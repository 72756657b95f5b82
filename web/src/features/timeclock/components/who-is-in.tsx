import { Badge, Button, Group, Loader, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWhoIsIn } from '../api/time';
import { formatHours, formatPunch } from '../lib/time';
import { CorrectionModal, type CorrectionTarget } from './correction-modal';
import { ErrorText } from '@/components/error-text';

/** Who is clocked in now (refreshing on its own); forgotten clock-outs can be closed here. */
export function WhoIsIn({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const now = useWhoIsIn();
  const [closing, setClosing] = useState<CorrectionTarget | null>(null);
  if (now.isLoading) return <Loader size="sm" aria-label={t('employees.loading')} />;
  if (now.isError) return <ErrorText error={now.error} />;
  const data = now.data!;
  return (
    <>
      <Group gap="sm">
        <Text fw={600}>{t('employees.inNow', { count: data.count })}</Text>
        {data.forgotten_count > 0 && (
          <Badge color="red" variant="light">
            {t('employees.forgottenCount', { count: data.forgotten_count, hours: data.max_shift_hours })}
          </Badge>
        )}
      </Group>
      {data.count === 0 ? (
        <Text c="dimmed">{t('employees.nobodyIn')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" aria-label={t('employees.whoIsIn')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('employees.name')}</Table.Th>
                <Table.Th>{t('employees.since')}</Table.Th>
                <Table.Th>{t('employees.hoursOpen')}</Table.Th>
                <Table.Th>{t('employees.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.clocked_in.map((o) => {
                const name = `${o.first_name} ${o.last_name}`;
                return (
                  <Table.Tr key={o.employee_id}>
                    <Table.Td>{name}</Table.Td>
                    <Table.Td>{formatPunch(o.since, i18n.language, timeZone)}</Table.Td>
                    <Table.Td>
                      <Group gap={6}>
                        {formatHours(o.hours, i18n.language)}
                        {o.forgotten && (
                          <Badge color="red" variant="filled">
                            {t('employees.forgotten')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Button size="compact-sm" variant={o.forgotten ? 'filled' : 'light'} color={o.forgotten ? 'red' : undefined}
                        onClick={() => setClosing({ type: 'add', employeeId: o.employee_id, name, kind: 'out', at: o.proposed_out })}>
                        {t('employees.closeShift')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {closing && <CorrectionModal target={closing} timeZone={timeZone} onClose={() => setClosing(null)} />}
    </>
  );
}
