import { Badge, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkedDocuments } from '@/features/documents';
import type { Employee } from '../api/employees';
import { usePunches } from '../api/time';
import { addDays, formatPunch, todayIn } from '../lib/time';
import { AuditTrail } from './audit-trail';
import { CorrectionModal, type CorrectionTarget } from './correction-modal';
import { ErrorText } from '@/components/error-text';
import { DateField } from '@/components/date-field';

/** One employee's punches over a range of days, each with its audit trail beside it. */
export function PunchesModal({ employee, timeZone, onClose }: { employee: Employee; timeZone: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const today = todayIn(timeZone);
  const [from, setFrom] = useState(addDays(today, -13));
  const [to, setTo] = useState(today);
  const punches = usePunches(employee.employee_id, from, to);
  const [correction, setCorrection] = useState<CorrectionTarget | null>(null);
  const name = `${employee.first_name} ${employee.last_name}`;

  return (
    <>
      <Modal opened={!correction} onClose={onClose} title={t('employees.punchesTitle', { name })} size="xl" centered>
        <Stack>
          <Group align="flex-end" wrap="wrap">
            <DateField label={t('employees.from')} value={from} maxDate={to || undefined} clearable onChange={(v) => setFrom(v ?? '')} />
            <DateField label={t('employees.to')} value={to} minDate={from || undefined} clearable onChange={(v) => setTo(v ?? '')} />
            <Button variant="light" onClick={() => setCorrection({ type: 'add', employeeId: employee.employee_id, name, kind: employee.clock_status === 'clocked_in' ? 'out' : 'in' })}>
              {t('employees.addPunch')}
            </Button>
          </Group>
          {punches.isLoading && <Loader size="sm" aria-label={t('employees.loading')} />}
          <ErrorText error={punches.error} />
          {punches.data && punches.data.punches.length === 0 && <Text c="dimmed">{t('employees.noPunches')}</Text>}
          {punches.data && punches.data.punches.length > 0 && (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="xs" aria-label={t('employees.punches')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('employees.kind')}</Table.Th>
                    <Table.Th>{t('employees.time')}</Table.Th>
                    <Table.Th>{t('employees.auditTrail')}</Table.Th>
                    <Table.Th>{t('employees.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {punches.data.punches.map((p) => (
                    <Table.Tr key={p.id} data-testid={`punch-${p.id}`}>
                      <Table.Td>
                        <Group gap={4}>
                          <Badge variant="light" color={p.kind === 'in' ? 'green' : 'blue'} title={p.kind === 'in' ? t('employees.kindIn') : t('employees.kindOut')}>
                            {p.kind === 'in' ? t('employees.in') : t('employees.out')}
                          </Badge>
                          {p.voided && <Badge color="red" variant="outline">{t('employees.voided')}</Badge>}
                          {!p.voided && p.corrected && <Badge color="yellow" variant="outline">{t('employees.correctedBadge')}</Badge>}
                          {p.offline && (
                            <Badge color="grape" variant="outline" title={t('employees.offlineBadgeHelp')}>
                              {t('employees.offlineBadge')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td td={p.voided ? 'line-through' : undefined} style={{ whiteSpace: 'nowrap' }}>{formatPunch(p.at, i18n.language, timeZone)}</Table.Td>
                      <Table.Td>
                        <AuditTrail entries={p.audit} timeZone={timeZone} />
                      </Table.Td>
                      <Table.Td>
                        {!p.voided && (
                          <Group gap={4} wrap="nowrap">
                            <Button size="compact-xs" variant="subtle" onClick={() => setCorrection({ type: 'edit', punch: p, name })}>
                              {t('employees.changeTime')}
                            </Button>
                            <Button size="compact-xs" variant="subtle" color="red" onClick={() => setCorrection({ type: 'void', punch: p, name })}>
                              {t('employees.void')}
                            </Button>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <LinkedDocuments linkKind="employee" linkId={employee.employee_id} />
        </Stack>
      </Modal>
      {correction && <CorrectionModal target={correction} timeZone={timeZone} onClose={() => setCorrection(null)} />}
    </>
  );
}
