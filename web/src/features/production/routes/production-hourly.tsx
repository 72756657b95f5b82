import '../strings';
import '../styles';
import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconPlus, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { errorMessage } from '@/lib/errors';
import { hourIn } from '@/lib/org-time';
import { useDaily } from '../api/get-daily';
import type { Entry, Line } from '../api/types';
import { DateBar } from '../components/date-bar';
import { EntryDialog } from '../components/entry-dialog';
import { EntryList } from '../components/entry-list';
import { CrewPanel } from '../components/crew-panel';
import { LineForm } from '../components/line-form';
import { LinesManager } from '../components/lines-manager';
import { ReverseDialog } from '../components/reverse-dialog';
import { formatHour, formatQty } from '../lib/format';
import { dayHours, useDay } from '../lib/use-day';
import classes from '../production.module.css';

/**
 * /production/production-hourly: a day's grid of hours × lines (today by default).
 * Picking a cell records that hour's units with the batches they used; every entry of
 * the day is listed below with its subtraction view and can be reversed.
 */
export default function ProductionHourlyPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { date, today, timeZone, setDate } = useDay();
  const daily = useDaily(date);
  const [cell, setCell] = useState<{ hour: number; line: Line } | null>(null);
  const [reversing, setReversing] = useState<Entry | null>(null);
  const lines = daily.data?.lines ?? [];
  const entries = daily.data?.entries ?? [];
  const [managing, setManaging] = useState(false);
  const hours = dayHours(entries.map((e) => e.hour), daily.data?.day_start_hour, daily.data?.day_end_hour);
  const units = new Map<string, number>();
  for (const c of daily.data?.cells ?? []) units.set(`${c.hour}:${c.line_id}`, c.units);
  // An hour that has not begun yet takes no entry (the server refuses it too).
  const nowHour = hourIn(timeZone);
  const notYet = (h: number) => date > today || (date === today && h > nowHour);
  // What a line was making: its latest entry of the day up to that hour, else its latest of the day.
  const proposal = (line: Line, hour: number): Entry | undefined => {
    const made = entries.filter((e) => e.line_id === line.id && !e.reversed).sort((a, b) => a.hour - b.hour || a.id - b.id);
    return made.filter((e) => e.hour <= hour).at(-1) ?? made.at(-1);
  };

  return (
    <PageFrame
      title={t('nav.productionHourly')}
      description={t('pages.productionHourly.description')}
      actions={
        <Group gap="sm">
          <DateBar date={date} today={today} onChange={setDate} />
          <Button variant="default" leftSection={<IconSettings size={16} aria-hidden />} onClick={() => setManaging(true)}>
            {t('production.lines.manage')}
          </Button>
        </Group>
      }
    >
      {daily.isError && <Alert color="red">{errorMessage(daily.error, t)}</Alert>}
      {daily.isPending && <Text>{t('common.loading')}</Text>}
      {daily.data && lines.length === 0 && (
        <Card withBorder>
          <Stack>
            <Text>{t('production.lines.none')}</Text>
            <LineForm />
          </Stack>
        </Card>
      )}
      {lines.length > 0 && (
        <Table.ScrollContainer minWidth={160 + lines.length * 120}>
          <Table withTableBorder withColumnBorders striped stickyHeader aria-label={t('production.hourly.grid')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={90}>{t('production.hourly.hour')}</Table.Th>
                {lines.map((l) => (
                  <Table.Th key={l.id}>
                    <Text fw={600} size="sm">
                      {l.name}
                    </Text>
                    {l.hourly_target != null && (
                      <Text size="xs" c="dimmed">
                        {t('production.hourly.target', { target: formatQty(l.hourly_target, lng) })}
                      </Text>
                    )}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {hours.map((h) => (
                <Table.Tr key={h}>
                  <Table.Th scope="row" fw={500}>
                    {formatHour(h, lng)}
                  </Table.Th>
                  {lines.map((l) => {
                    const u = units.get(`${h}:${l.id}`);
                    const met = u != null && l.hourly_target != null ? u >= l.hourly_target : null;
                    if (u == null && notYet(h)) {
                      return (
                        <Table.Td key={l.id} p="xs" c="dimmed" data-testid={`cell-${h}-${l.id}`} aria-label={t('production.hourly.notYet', { line: l.name, hour: formatHour(h, lng) })}>
                          <Text size="sm" c="dimmed" opacity={0.6}>
                            —
                          </Text>
                        </Table.Td>
                      );
                    }
                    return (
                      <Table.Td key={l.id} p={0} data-flush>
                        <UnstyledButton
                          className={classes.cell}
                          w="100%"
                          p="xs"
                          onClick={() => setCell({ hour: h, line: l })}
                          aria-label={t('production.hourly.cellLabel', { line: l.name, hour: formatHour(h, lng), units: u ?? 0 })}
                          data-testid={`cell-${h}-${l.id}`}
                        >
                          {u != null ? (
                            <Text fw={700} className={met === false ? classes.below : met ? classes.met : undefined}>
                              {formatQty(u, lng)}
                            </Text>
                          ) : (
                            <Group gap={4} c="dimmed">
                              <IconPlus size={14} aria-hidden />
                              <Text size="sm">{t('production.hourly.add')}</Text>
                            </Group>
                          )}
                        </UnstyledButton>
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {daily.data && (
        <Group gap="sm">
          <Badge size="lg" variant="light" style={{ textTransform: 'none' }}>
            {t('production.hourly.dayUnits', { units: formatQty(daily.data.units, lng) })}
          </Badge>
        </Group>
      )}
      {daily.data && lines.length > 0 && <CrewPanel date={date} lines={lines} />}
      <Stack gap="xs" component="section" aria-labelledby="entries-title">
        <Title order={2} size="h4" id="entries-title">
          {t('production.entries.title')}
        </Title>
        <EntryList entries={entries} onReverse={setReversing} />
      </Stack>
      <EntryDialog
        // A cell of its own each time: its proposal, not what was picked in the last one.
        key={cell ? `${cell.hour}:${cell.line.id}` : 'closed'}
        opened={cell != null}
        onClose={() => setCell(null)}
        date={date}
        hour={cell?.hour ?? 0}
        line={cell?.line ?? null}
        proposal={cell ? proposal(cell.line, cell.hour) : undefined}
      />
      <ReverseDialog entry={reversing} onClose={() => setReversing(null)} />
      <LinesManager opened={managing} onClose={() => setManaging(false)} />
    </PageFrame>
  );
}
