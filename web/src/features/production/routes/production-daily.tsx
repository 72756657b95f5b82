import '../strings';
import '../styles';
import { Alert, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListTable, TitledSection } from '@/components/list-table';
import { PageFrame } from '@/components/page-frame';
import { errorMessage } from '@/lib/errors';
import { useDaily } from '../api/get-daily';
import { DateBar } from '../components/date-bar';
import { EntryList } from '../components/entry-list';
import { LineTotals } from '../components/line-totals';
import { Stat } from '../components/stat';
import { Uplh } from '../components/uplh';
import { formatDay, formatHour, formatQty, formatRate } from '../lib/format';
import { dayHours, useDay } from '../lib/use-day';
import classes from '../production.module.css';
import { formatQuantity } from '@/lib/units';

/**
 * /production/production-daily: one day's hours × lines, totals per product and line,
 * materials consumed per batch, labour hours from the time clock, units per labour
 * hour, target against actual, notes. Printable.
 */
export default function ProductionDailyPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { date, today, setDate } = useDay();
  // ?line= picks a line out (a document of a production entry links here).
  const [address] = useSearchParams();
  const picked = Number(address.get('line')) || null;
  const daily = useDaily(date);
  const d = daily.data;
  const cells = new Map<string, { units: number; labour_hours: number }>();
  for (const c of d?.cells ?? []) cells.set(`${c.hour}:${c.line_id}`, c);
  const hours = d ? dayHours(d.cells.map((c) => c.hour), d.day_start_hour, d.day_end_hour) : [];
  const notes = (d?.entries ?? []).filter((e) => e.note);

  return (
    <PageFrame
      title={t('nav.productionDaily')}
      description={t('pages.productionDaily.description')}
      actions={
        <Group gap="xs" className={classes.noPrint}>
          <DateBar date={date} today={today} onChange={setDate} />
          <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
            {t('production.daily.print')}
          </Button>
        </Group>
      }
    >
      {daily.isError && <Alert color="red">{errorMessage(daily.error, t)}</Alert>}
      {daily.isPending && <Text>{t('common.loading')}</Text>}
      {d && (
        <Stack gap="lg" className={classes.printable}>
          <Text fw={600}>{t('production.daily.heading', { date: formatDay(d.date, lng), zone: d.time_zone })}</Text>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Stat label={t('production.daily.units')} value={formatQty(d.units, lng)} testId="daily-units" />
            <Stat label={t('production.daily.labourHours')} value={formatRate(d.labour_hours, lng)} testId="daily-labour" />
            <Stat label={t('production.daily.uplh')} value={<Uplh value={d.units_per_labour_hour} />} testId="daily-uplh" />
          </SimpleGrid>

          {d.lines.length > 0 && (
            <TitledSection title={t('production.daily.grid')}>
              <ListTable
                minWidth={160 + d.lines.length * 120}
                withTableBorder
                withColumnBorders
                striped
                aria-label={t('production.daily.grid')}
                columns={[t('production.hourly.hour'), ...d.lines.map((l) => l.name)]}
              >
                {hours.map((h) => (
                  <Table.Tr key={h}>
                    <Table.Th scope="row" fw={500}>
                      {formatHour(h, lng)}
                    </Table.Th>
                    {d.lines.map((l) => {
                      const c = cells.get(`${h}:${l.id}`);
                      return (
                        <Table.Td key={l.id}>
                          {c && c.units > 0 ? (
                            <>
                              <Text span fw={600}>
                                {formatQty(c.units, lng)}
                              </Text>
                              <Text span size="xs" c="dimmed">
                                {' '}
                                {t('production.daily.cellLabour', { hours: formatRate(c.labour_hours, lng) })}
                              </Text>
                            </>
                          ) : c ? (
                            <Text span size="xs" c="dimmed">
                              {t('production.daily.cellLabour', { hours: formatRate(c.labour_hours, lng) })}
                            </Text>
                          ) : (
                            ''
                          )}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </ListTable>
            </TitledSection>
          )}

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TitledSection title={t('production.daily.byProduct')}>
              <ListTable
                withTableBorder
                testId="daily-products"
                columns={[t('production.daily.product'), { label: t('production.daily.units'), end: true }]}
              >
                {d.totals.map((p) => (
                  <Table.Tr key={p.product_id}>
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td ta="end">{formatQty(p.units, lng)}</Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
            </TitledSection>
            <LineTotals lines={d.line_totals} target="vs" picked={picked} testId="daily-lines" />
          </SimpleGrid>

          <TitledSection title={t('production.daily.consumed')}>
            {d.consumed.length === 0 ? (
              <Text c="dimmed">{t('production.daily.nothingConsumed')}</Text>
            ) : (
              <ListTable
                minWidth={420}
                withTableBorder
                striped
                testId="daily-consumed"
                columns={[
                  t('production.subtraction.batch'),
                  t('production.subtraction.item'),
                  { label: t('production.daily.quantity'), end: true },
                ]}
              >
                {d.consumed.map((c) => (
                  <Table.Tr key={c.batch_id}>
                    <Table.Td ff="monospace">{c.batch_code}</Table.Td>
                    <Table.Td>{c.name}</Table.Td>
                    <Table.Td ta="end">
                      {formatQuantity(c.quantity, c.unit, t, lng)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
            )}
          </TitledSection>

          {notes.length > 0 && (
            <TitledSection title={t('production.daily.notes')}>
              {notes.map((e) => (
                <Text key={e.id} size="sm">
                  {t('production.daily.note', { hour: formatHour(e.hour, lng), line: e.line_name, note: e.note })}
                </Text>
              ))}
            </TitledSection>
          )}

          <TitledSection title={t('production.entries.title')}>
            <EntryList entries={d.entries} />
          </TitledSection>
        </Stack>
      )}
    </PageFrame>
  );
}
