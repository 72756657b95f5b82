// The impact report as a document: the figures, charts and tables, for the office page
// and the public share page alike, screen and print. It carries @mantine/charts
// (recharts), so it is only ever imported by those two lazily loaded pages.
import '@mantine/charts/styles.layer.css';
import '@mantine/core/styles/ColorSwatch.layer.css';
import './impact.css';
import { BarChart } from '@mantine/charts';
import { Badge, Box, Group, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title, useDirection } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '@/lib/units';
import { LogoMark } from '@/components/brand/logo';
import { TitledCard } from '@/components/titled-card';
import { formatCalendarDate, formatNumber, intlLocale, numberFormat } from '@/lib/format';
import type { ImpactReport } from '../api/impact';
import { chartAxes } from '@/lib/chart-axes';

/** Minor units as money in the locale's way (12345, USD, 2 digits → $123.45; shown whole → $123). */
export function formatMoney(minor: number, currency: string, digits: number, lng: string, whole = false): string {
  const shown = whole ? 0 : digits;
  try {
    return numberFormat(intlLocale(lng), { style: 'currency', currency, minimumFractionDigits: shown, maximumFractionDigits: shown }).format(
      minor / 10 ** digits,
    );
  } catch {
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
  }
}

type ShipmentLine = ImpactReport['shipments'][number]['lines'][number];

/** A shipment's lines by item: the item's total and its batch codes. */
function byItem(lines: ShipmentLine[]) {
  const out: { item_id: number; name: string; unit: string; quantity: number; batches: string[] }[] = [];
  for (const l of lines) {
    let g = out.find((x) => x.item_id === l.item_id);
    if (!g) out.push((g = { item_id: l.item_id, name: l.name, unit: l.unit, quantity: 0, batches: [] }));
    g.quantity += l.quantity;
    g.batches.push(l.batch_code);
  }
  return out;
}

function Figure({ label, value, note, testId }: { label: string; value: ReactNode; note?: string; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="sm" className="impact-figure">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={{ base: 20, sm: 24 }} fw={700} lh={1.2} style={{ overflowWrap: 'break-word' }} className="impact-figure-value" data-testid={testId}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );
}

/** A section of the report: a compact card under the report's level-2 headings. */
function Section(props: { title: string; empty?: string | false; children: ReactNode }) {
  return <TitledCard {...props} compact order={3} className="impact-section" />;
}

/** The report: who made it, for whom, over which period; the figures; charts; the tables behind them. */
export function ImpactReportView({ report: r }: { report: ImpactReport }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const axes = chartAxes(useDirection().dir === 'rtl');
  const n = (v: number) => formatNumber(v, lng);
  const hours = (v: number) => numberFormat(intlLocale(lng), { maximumFractionDigits: 1 }).format(v);
  const money = (v: number) => formatMoney(v, r.currency, r.currency_digits, lng);
  // The headline figure in whole units (the table below has the cents).
  const wholeMoney = (v: number) => formatMoney(v, r.currency, r.currency_digits, lng, true);
  const day = (d: string) => formatCalendarDate(d, lng, 'short');
  const perDay = r.days.map((d) => ({ day: day(d.date), units: d.units, shipped: d.shipped_units, hours: d.labour_hours }));
  const worked = r.units > 0 || r.shipments.length > 0;
  const mealsNote = r.meals == null ? t('impact.figures.mealsUnknown') : r.meals_complete ? undefined : t('impact.figures.mealsPartial');
  const costNote = r.materials.length === 0 ? undefined : r.cost_complete ? undefined : r.materials_cost === 0 ? t('impact.figures.costUnknown') : t('impact.figures.costPartial');
  return (
    <Stack gap="md" className="impact-doc" data-testid="impact-report">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" className="impact-head">
        <Group gap="sm" wrap="nowrap" align="center">
          {r.logo_url ? (
            <img src={r.logo_url} alt={t('impact.logoAlt', { org: r.organisation_name })} className="impact-logo" data-testid="impact-logo" />
          ) : (
            <LogoMark size={40} />
          )}
          <Box>
            <Text fw={700} size="lg" data-testid="impact-org">
              {r.organisation_name}
            </Text>
            <Text size="sm" c="dimmed">
              {t('impact.title')}
            </Text>
          </Box>
        </Group>
        <Box ta="end">
          <Title order={2} size="h3" data-testid="impact-name">
            {r.scope.name}
          </Title>
          {r.scope.kind === 'project' && (
            <Text size="sm">{t('impact.forClient', { client: r.scope.client_name })}</Text>
          )}
          <Text size="sm" c="dimmed" data-testid="impact-period">
            {t('impact.period', { from: formatCalendarDate(r.from, lng, 'long'), to: formatCalendarDate(r.to, lng, 'long') })}
          </Text>
        </Box>
      </Group>

      <SimpleGrid cols={{ base: 2, md: 3, xl: 6 }} spacing="sm" className="impact-figures">
        <Figure label={t('impact.figures.units')} value={n(r.units)} testId="impact-units" />
        <Figure label={t('impact.figures.meals')} value={r.meals == null ? '—' : n(r.meals)} note={mealsNote} testId="impact-meals" />
        <Figure label={t('impact.figures.hours')} value={hours(r.labour_hours)} testId="impact-hours" />
        <Figure label={t('impact.figures.people')} value={n(r.people)} testId="impact-people" />
        <Figure label={t('impact.figures.shipped')} value={n(r.shipped_units)} testId="impact-shipped" />
        <Figure label={t('impact.figures.cost')} value={r.materials.length === 0 ? '—' : wholeMoney(r.materials_cost)} note={costNote} testId="impact-cost" />
      </SimpleGrid>

      {!worked && (
        <Text c="dimmed" data-testid="impact-empty">
          {t('impact.noWork')}
        </Text>
      )}

      {worked && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" className="impact-charts">
          <Section title={t('impact.charts.perDay')}>
            <BarChart
              h={220}
              data={perDay}
              dataKey="day"
              series={[
                { name: 'units', label: t('impact.charts.units'), color: 'blue.6' },
                { name: 'shipped', label: t('impact.charts.shipped'), color: 'teal.6' },
              ]}
              valueFormatter={n}
              barProps={{ isAnimationActive: false }}
              withLegend
              {...axes}
            />
          </Section>
          <Section title={t('impact.charts.hoursPerDay')}>
            <BarChart
              h={220}
              data={perDay}
              dataKey="day"
              series={[{ name: 'hours', label: t('impact.charts.hours'), color: 'orange.6' }]}
              valueFormatter={hours}
              barProps={{ isAnimationActive: false }}
              {...axes}
            />
          </Section>
        </SimpleGrid>
      )}

      <Section title={t('impact.products.title')} empty={r.products.length === 0 && t('impact.products.empty')}>
        <ScrollArea type="auto">
          <Table striped data-testid="impact-products">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('impact.products.product')}</Table.Th>
                <Table.Th ta="end">{t('impact.products.units')}</Table.Th>
                <Table.Th ta="end">{t('impact.products.servings')}</Table.Th>
                <Table.Th ta="end">{t('impact.products.meals')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.products.map((p) => (
                <Table.Tr key={p.product_id}>
                  <Table.Td>
                    {p.name} <Text span size="xs" c="dimmed">{p.sku}</Text>
                  </Table.Td>
                  <Table.Td ta="end">{n(p.units)}</Table.Td>
                  <Table.Td ta="end">{p.servings_per_unit == null ? '—' : n(p.servings_per_unit)}</Table.Td>
                  <Table.Td ta="end">{p.meals == null ? '—' : n(p.meals)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Section>

      <Section title={t('impact.materials.title')} empty={r.materials.length === 0 && t('impact.materials.empty')}>
        <ScrollArea type="auto">
          <Table striped data-testid="impact-materials">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('impact.materials.item')}</Table.Th>
                <Table.Th>{t('impact.materials.batch')}</Table.Th>
                <Table.Th ta="end">{t('impact.materials.quantity')}</Table.Th>
                <Table.Th ta="end">{t('impact.materials.unitCost')}</Table.Th>
                <Table.Th ta="end">{t('impact.materials.cost')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.materials.map((m) => (
                <Table.Tr key={m.batch_id}>
                  <Table.Td>
                    {m.name} <Text span size="xs" c="dimmed">{m.sku}</Text>
                  </Table.Td>
                  <Table.Td dir="ltr">{m.batch_code}</Table.Td>
                  <Table.Td ta="end">
                    {formatQuantity(m.quantity, m.unit, t, lng)}
                  </Table.Td>
                  <Table.Td ta="end">{m.unit_cost == null ? '—' : money(m.unit_cost)}</Table.Td>
                  <Table.Td ta="end">{m.cost == null ? '—' : money(m.cost)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Section>

      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md" className="impact-ship-grid">
        <Section title={t('impact.destinations.title')} empty={r.destinations.length === 0 && t('impact.shipments.empty')}>
          <Table data-testid="impact-destinations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('impact.destinations.name')}</Table.Th>
                <Table.Th ta="end">{t('impact.destinations.shipments')}</Table.Th>
                <Table.Th ta="end">{t('impact.destinations.units')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.destinations.map((d) => (
                <Table.Tr key={d.name}>
                  <Table.Td>{d.name}</Table.Td>
                  <Table.Td ta="end">{n(d.shipments)}</Table.Td>
                  <Table.Td ta="end">{n(d.units)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
        <Box style={{ gridColumn: 'span 2' }} className="impact-span">
          <Section title={t('impact.shipments.title')} empty={r.shipments.length === 0 && t('impact.shipments.empty')}>
            <ScrollArea type="auto">
              <Table striped data-testid="impact-shipments">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('impact.shipments.date')}</Table.Th>
                    <Table.Th>{t('impact.shipments.number')}</Table.Th>
                    <Table.Th>{t('impact.shipments.destination')}</Table.Th>
                    <Table.Th>{t('impact.shipments.contents')}</Table.Th>
                    <Table.Th>{t('impact.shipments.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {r.shipments.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(s.ship_date)}</Table.Td>
                      <Table.Td dir="ltr">{s.number}</Table.Td>
                      <Table.Td>{s.destination}</Table.Td>
                      <Table.Td>
                        {byItem(s.lines).map((g) => (
                          <Box key={g.item_id}>
                            <Text size="sm">
                              {formatQuantity(g.quantity, g.unit, t, lng)} · {g.name}
                            </Text>
                            <Text size="xs" c="dimmed" dir="ltr">
                              {g.batches.join(', ')}
                            </Text>
                          </Box>
                        ))}
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={s.status === 'delivered' ? 'teal' : 'blue'}>
                          {t(`impact.shipments.statuses.${s.status}`)}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          </Section>
        </Box>
      </SimpleGrid>

      <Text size="xs" c="dimmed" className="impact-source">
        {t('impact.sources', { org: r.organisation_name })}
      </Text>
    </Stack>
  );
}
