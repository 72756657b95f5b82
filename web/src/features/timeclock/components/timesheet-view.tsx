import { Badge, Button, Group, Loader, SegmentedControl, Table, Text, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { downloadTimesheetCsv, useTimesheet } from '../api/time';
import type { Shift } from '../api/types';
import { addDays, formatDay, formatHours, formatPunch, todayIn, weekOf } from '../lib/time';
import { CorrectionModal, type CorrectionTarget } from './correction-modal';
import { ErrorText } from '@/components/error-text';
import { DateField } from '@/components/date-field';

type Period = 'day' | 'week' | 'range';

/** How long someone's shift usually lasts (ms): the median of their closed shifts shown, 8 hours without any. */
function usualShift(shifts: Shift[]): number {
  const lengths = shifts.filter((s) => s.in && s.out).map((s) => Date.parse(s.out!) - Date.parse(s.in!)).sort((a, b) => a - b);
  return lengths.length ? lengths[Math.floor(lengths.length / 2)] : 8 * 3_600_000;
}

/** A flag's colour: red for what needs fixing, yellow for what is only worth knowing, grape for offline. */
const flagColor = (f: string) => (f === 'offline' ? 'grape' : f === 'corrected' || f === 'open' ? 'yellow' : 'red');

/** Hours per employee and day for a day, a Monday–Sunday week or any range, with totals. */
export function TimesheetView({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const today = todayIn(timeZone);
  const [period, setPeriod] = useState<Period>('week');
  const [day, setDay] = useState(today);
  const [range, setRange] = useState({ from: addDays(today, -13), to: today });
  const [open, setOpen] = useState<number | null>(null);
  const [fixing, setFixing] = useState<CorrectionTarget | null>(null);
  const span = period === 'day' ? { from: day, to: day } : period === 'week' ? weekOf(day) : range;
  const sheet = useTimesheet(span);
  const days = sheet.data?.days ?? [];
  const showDays = days.length <= 7;
  const lng = i18n.language;

  const flagLabel = (f: string) => t(`employees.flag.${f}`, { defaultValue: f });
  const HOUR = 3_600_000;
  /**
   * The correction a flag asks for, opened from the flag: the missing clock-out of a
   * forgotten shift (proposed a usual shift after the clock-in, never past the maximum),
   * the missing clock-in, or the clock-out of a long shift to check.
   */
  const fixOf = (f: string, s: Shift, name: string, employeeId: number, shifts: Shift[]): CorrectionTarget | null => {
    const usual = Math.min(usualShift(shifts), (sheet.data?.max_shift_hours ?? 8) * HOUR);
    if ((f === 'forgotten' || f === 'missing_out') && s.in)
      return { type: 'add', employeeId, name, kind: 'out', at: new Date(Date.parse(s.in) + usual).toISOString() };
    if (f === 'missing_in' && s.out) return { type: 'add', employeeId, name, kind: 'in', at: new Date(Date.parse(s.out) - usual).toISOString() };
    if (f === 'long' && s.out && s.out_punch_id) return { type: 'edit', name, punch: { id: s.out_punch_id, kind: 'out', at: s.out } };
    return null;
  };

  return (
    <>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <SegmentedControl
          aria-label={t('employees.period')}
          value={period}
          onChange={(v) => setPeriod(v as Period)}
          data={[
            { value: 'day', label: t('employees.periodDay') },
            { value: 'week', label: t('employees.periodWeek') },
            { value: 'range', label: t('employees.periodRange') },
          ]}
        />
        {period !== 'range' ? (
          <DateField label={period === 'day' ? t('employees.day') : t('employees.weekOf')} value={day} onChange={(v) => v && setDay(v)} />
        ) : (
          <>
            <DateField label={t('employees.from')} value={range.from} maxDate={range.to} onChange={(v) => v && setRange((r) => ({ ...r, from: v }))} />
            <DateField label={t('employees.to')} value={range.to} minDate={range.from} onChange={(v) => v && setRange((r) => ({ ...r, to: v }))} />
          </>
        )}
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => downloadTimesheetCsv(span).catch((err) => void notify('danger', errorMessage(err, t)))}
        >
          {t('employees.exportCsv')}
        </Button>
      </Group>
      {sheet.data && (
        <Text size="sm" c="dimmed">
          {t('employees.sheetSummary', { from: formatDay(sheet.data.from, lng), to: formatDay(sheet.data.to, lng), zone: sheet.data.time_zone })}
        </Text>
      )}
      {sheet.isLoading && <Loader size="sm" aria-label={t('employees.loading')} />}
      <ErrorText error={sheet.error} />
      {sheet.data && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" aria-label={t('employees.timesheet')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('employees.name')}</Table.Th>
                {showDays && days.map((d) => <Table.Th key={d}>{formatDay(d, lng)}</Table.Th>)}
                <Table.Th>{t('employees.totalHours')}</Table.Th>
                <Table.Th>{t('employees.shifts')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sheet.data.employees.map((e) => (
                <Fragment key={e.employee_id}>
                  <Table.Tr>
                    <Table.Td>
                      {e.first_name} {e.last_name}
                      {e.flagged > 0 && (
                        <Badge ms={6} color="red" variant="light">
                          {t('employees.flaggedCount', { count: e.flagged })}
                        </Badge>
                      )}
                    </Table.Td>
                    {showDays && e.days.map((d) => <Table.Td key={d.date}>{d.hours ? formatHours(d.hours, lng) : '—'}</Table.Td>)}
                    <Table.Td fw={700}>{formatHours(e.total_hours, lng)}</Table.Td>
                    <Table.Td>
                      {e.shifts.length > 0 && (
                        <Button size="compact-xs" variant="subtle" aria-expanded={open === e.employee_id} onClick={() => setOpen(open === e.employee_id ? null : e.employee_id)}>
                          {t('employees.showShifts', { count: e.shifts.length })}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                  {open === e.employee_id && (
                    <Table.Tr>
                      <Table.Td colSpan={(showDays ? days.length : 0) + 3}>
                        <Table verticalSpacing={2} fz="xs" aria-label={t('employees.shiftsOf', { name: `${e.first_name} ${e.last_name}` })}>
                          <Table.Tbody>
                            {e.shifts.map((s, i) => (
                              <Table.Tr key={i}>
                                <Table.Td>{formatPunch(s.in, lng, timeZone) || '—'}</Table.Td>
                                <Table.Td>{formatPunch(s.out, lng, timeZone) || '—'}</Table.Td>
                                <Table.Td>{formatHours(s.hours, lng)}</Table.Td>
                                <Table.Td>
                                  {s.flags.map((f) => {
                                    const fix = fixOf(f, s, `${e.first_name} ${e.last_name}`, e.employee_id, e.shifts);
                                    return (
                                      <Tooltip key={f} label={t(`employees.flagHelp.${f}`, { defaultValue: f, hours: sheet.data.max_shift_hours })}>
                                        {fix ? (
                                          <Badge component="button" type="button" me={4} size="xs" color={flagColor(f)} variant="light" style={{ cursor: 'pointer' }}
                                            aria-label={t('employees.fixFlag', { flag: flagLabel(f) })} onClick={() => setFixing(fix)}>
                                            {flagLabel(f)}
                                          </Badge>
                                        ) : (
                                          <Badge me={4} size="xs" color={flagColor(f)} variant="light">
                                            {flagLabel(f)}
                                          </Badge>
                                        )}
                                      </Tooltip>
                                    );
                                  })}
                                </Table.Td>
                              </Table.Tr>
                            ))}
                          </Table.Tbody>
                        </Table>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>{t('employees.everyone')}</Table.Th>
                {showDays &&
                  days.map((d, i) => (
                    <Table.Th key={d}>{formatHours(sheet.data.employees.reduce((s, e) => s + (e.days[i]?.hours ?? 0), 0), lng)}</Table.Th>
                  ))}
                <Table.Th>{formatHours(sheet.data.total_hours, lng)}</Table.Th>
                <Table.Th>{sheet.data.flagged > 0 && <Badge color="red">{t('employees.flaggedCount', { count: sheet.data.flagged })}</Badge>}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
      {fixing && <CorrectionModal target={fixing} timeZone={timeZone} onClose={() => setFixing(null)} />}
    </>
  );
}
