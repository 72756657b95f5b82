// The overview's charts: @mantine/charts (recharts) loaded only with this module, which
// the overview page imports lazily, so no other page carries the chart library.
import '@mantine/charts/styles.layer.css';
import '@mantine/core/styles/ColorSwatch.layer.css';
import { BarChart, LineChart } from '@mantine/charts';
import { SimpleGrid, Stack, useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Overview } from '../api/types';
import { formatDay, formatQty, formatRate } from '../lib/format';
import { TitledSection } from '@/components/list-table';
import { chartAxes } from '@/lib/chart-axes';

const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'pink.6', 'lime.6', 'indigo.6'];

export default function OverviewCharts({ overview }: { overview: Overview }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const axes = chartAxes(useDirection().dir === 'rtl');
  const products = overview.products.map((p, i) => ({ name: `p${p.product_id}`, label: p.name, color: COLORS[i % COLORS.length] }));
  const perDay = overview.days.map((d) => {
    const row: Record<string, string | number> = { day: formatDay(d.date, lng, 'short') };
    for (const p of overview.products) row[`p${p.product_id}`] = d.products[String(p.product_id)] ?? 0;
    return row;
  });
  const rate = overview.days
    .filter((d) => d.units_per_labour_hour != null)
    .map((d) => ({ day: formatDay(d.date, lng, 'short'), uplh: d.units_per_labour_hour ?? 0 }));
  const lines = overview.lines.map((l) => ({ line: l.name, units: l.units, target: l.target ?? 0 }));
  const qty = (v: number) => formatQty(v, lng);
  return (
    <Stack gap="lg">
      <TitledSection title={t('production.overview.unitsPerDay')}>
        <BarChart
          h={280}
          data={perDay}
          dataKey="day"
          type="stacked"
          series={products}
          valueFormatter={qty}
          withLegend
          {...axes}
        />
      </TitledSection>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <TitledSection title={t('production.overview.uplhOverTime')}>
          <LineChart
            h={240}
            data={rate}
            dataKey="day"
            series={[{ name: 'uplh', label: t('production.daily.uplh'), color: 'teal.6' }]}
            valueFormatter={(v) => formatRate(v, lng)}
            curveType="monotone"
            {...axes}
          />
        </TitledSection>
        <TitledSection title={t('production.overview.linesCompared')}>
          <BarChart
            h={240}
            data={lines}
            dataKey="line"
            series={[
              { name: 'units', label: t('production.daily.units'), color: 'blue.6' },
              { name: 'target', label: t('production.daily.target'), color: 'gray.5' },
            ]}
            valueFormatter={qty}
            withLegend
            {...axes}
          />
        </TitledSection>
      </SimpleGrid>
    </Stack>
  );
}
