import '../strings';
import { Alert, Anchor, Button, Group, Loader, Stack } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DateField } from '@/components/date-field';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { usePublicSettings } from '@/lib/public-settings';
import { useRecordCrumb } from '@/lib/use-document-title';
import { downloadImpactCSV, useProjectImpact } from '../api/impact';
import { ImpactReportView } from '../components/impact-report';
import { ShareLinks } from '../components/share-links';
import { todayIn } from '@/lib/org-time';

/**
 * /projects/:id/impact: what the project achieved over a period (from its start to today
 * unless chosen), for its partners and sponsors: figures, charts, the tables behind them;
 * print (A4 or Letter), CSV, read-only share links and the monthly mail. Loaded with its
 * route only, and with it the chart library.
 */
export default function ProjectImpactPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const settings = usePublicSettings();
  const today = todayIn(settings.data?.time_zone ?? 'America/Chicago');
  const [period, setPeriod] = useState<{ from?: string; to?: string }>({});
  const q = useProjectImpact(id, period.from, period.to);
  const r = q.data;
  useRecordCrumb(r?.scope.name);
  const from = period.from ?? r?.from;
  const to = period.to ?? r?.to;

  return (
    <PageFrame
      title={t('impact.title')}
      actions={
        <Group gap="xs" className="impact-no-print">
          <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()} disabled={!r}>
            {t('impact.print')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={!r}
            onClick={() => r && void downloadImpactCSV(id, r.from, r.to).catch((err) => notify('danger', errorMessage(err, t)))}
          >
            {t('impact.csv')}
          </Button>
        </Group>
      }
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" className="impact-no-print">
          <Anchor component={Link} to={paths.app.project.getHref(id)} size="sm">
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={14} aria-hidden className="impact-back" />
              {t('impact.back')}
            </Group>
          </Anchor>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <DateField label={t('impact.from')} value={from} maxDate={to} onChange={(v) => v && setPeriod({ from: v, to })} w={170} />
            <DateField label={t('impact.to')} value={to} minDate={from} maxDate={today} onChange={(v) => v && setPeriod({ from, to: v })} w={170} />
            {(period.from || period.to) && (
              <Button variant="subtle" onClick={() => setPeriod({})}>
                {t('impact.wholeProject')}
              </Button>
            )}
          </Group>
        </Group>
        {q.isError && <Alert color="red">{errorMessage(q.error, t)}</Alert>}
        {q.isPending && <Loader aria-label={t('common.loading')} />}
        {r && <ImpactReportView report={r} />}
        {r && <ShareLinks projectId={id} today={today} />}
      </Stack>
    </PageFrame>
  );
}
