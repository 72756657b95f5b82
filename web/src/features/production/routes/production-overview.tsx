import '../strings';
import '../styles';
import { Alert, Button, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { downloadOverviewCSV, useOverview } from '../api/get-overview';
import { LineTotals } from '../components/line-totals';
import { addDays, formatQty, formatRate, mondayOf } from '../lib/format';
import { useDay } from '../lib/use-day';
import { Stat } from '../components/stat';
import { DateField } from '@/components/date-field';
import { Uplh } from '../components/uplh';

const OverviewCharts = lazy(() => import('../components/overview-charts'));

type Range = 'week' | 'month' | 'custom';

function rangeOf(kind: Range, today: string, custom: { from: string; to: string }): { from: string; to: string } {
  if (kind === 'week') return { from: mondayOf(today), to: today };
  if (kind === 'month') return { from: `${today.slice(0, 8)}01`, to: today };
  return custom;
}

/**
 * /production/production-overview: a range (this week, this month, custom) with charts
 * — units per day stacked by product, units per labour hour over time, lines compared —
 * totals and a CSV export. The chart library loads with the charts only.
 */
export default function ProductionOverviewPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { today } = useDay();
  const [kind, setKind] = useState<Range>('week');
  const [custom, setCustom] = useState({ from: addDays(today, -29), to: today });
  const { from, to } = rangeOf(kind, today, custom);
  const overview = useOverview(from, to);
  const o = overview.data;

  return (
    <PageFrame
      title={t('nav.productionOverview')}
      description={t('pages.productionOverview.description')}
      actions={
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => void downloadOverviewCSV(from, to).catch((err) => notify('danger', errorMessage(err, t)))}
        >
          {t('production.overview.csv')}
        </Button>
      }
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          value={kind}
          onChange={(v) => setKind(v as Range)}
          data={[
            { value: 'week', label: t('production.overview.thisWeek') },
            { value: 'month', label: t('production.overview.thisMonth') },
            { value: 'custom', label: t('production.overview.custom') },
          ]}
          aria-label={t('production.overview.range')}
        />
        {kind === 'custom' && (
          <>
            <DateField label={t('production.overview.from')} value={custom.from} maxDate={custom.to} onChange={(v) => v && setCustom({ ...custom, from: v })} />
            <DateField label={t('production.overview.to')} value={custom.to} minDate={custom.from} onChange={(v) => v && setCustom({ ...custom, to: v })} />
          </>
        )}
      </Group>
      {overview.isError && <Alert color="red">{errorMessage(overview.error, t)}</Alert>}
      {overview.isPending && <Text>{t('common.loading')}</Text>}
      {o && (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Stat label={t('production.daily.units')} value={formatQty(o.totals.units, lng)} testId="overview-units" />
            <Stat label={t('production.daily.labourHours')} value={formatRate(o.totals.labour_hours, lng)} />
            <Stat label={t('production.daily.uplh')} value={<Uplh value={o.totals.units_per_labour_hour} />} />
          </SimpleGrid>
          <Suspense fallback={<Text c="dimmed">{t('common.loading')}</Text>}>
            <OverviewCharts overview={o} />
          </Suspense>
          <LineTotals lines={o.lines} target="plain" />
        </Stack>
      )}
    </PageFrame>
  );
}
