import '../strings';
import { Anchor, Badge, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '@/components/page-frame';
import { ServerTable } from '@/components/server-table';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { usePublicSettings } from '@/lib/public-settings';
import { useDocumentTitle } from '@/lib/use-document-title';
import { serverRows, useServerTable } from '@/lib/use-server-table';
import { useRecalls, type Recall, type RecallStatus } from '../api/recalls';
import { QueryError, showsTable } from '@/components/query-error';

export const RECALL_COLORS: Record<RecallStatus, string> = { open: 'red', closed: 'gray' };

/** /inventory/recalls: every recall, newest first, filtered by status and paged on the server. */
export default function RecallsPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  useDocumentTitle(t('nav.recalls'));
  const timeZone = usePublicSettings().data?.time_zone ?? 'America/Chicago';
  const [status, setStatus] = useState<RecallStatus | ''>('open');
  const { resetPage, query, table } = useServerTable<Recall>({ columnAccessor: 'opened_at', direction: 'desc' });
  const q = useRecalls({ status, page: query.page, pageSize: query.pageSize });
  return (
    <PageFrame title={t('nav.recalls')} description={t('recalls.description')}>
      <Stack>
        <SegmentedControl
          style={{ alignSelf: 'flex-start' }}
          aria-label={t('recalls.filters.status')}
          value={status || 'all'}
          onChange={(v) => resetPage(setStatus)(v === 'all' ? '' : (v as RecallStatus))}
          data={[
            { value: 'open', label: t('recalls.status.open') },
            { value: 'closed', label: t('recalls.status.closed') },
            { value: 'all', label: t('recalls.filters.all') },
          ]}
        />
        <QueryError query={q} />
        {showsTable(q) && (
          <ServerTable<Recall>
            {...table}
            {...serverRows(q, (d) => d.recalls)}
            label={t('recalls.table.label')}
            empty={t('recalls.table.empty')}
            perPageLabel={t('recalls.table.perPage')}
            rangeKey="recalls.table.range"
            columns={[
              {
                accessor: 'number',
                title: t('recalls.fields.number'),
                render: (r) => (
                  <Anchor component={Link} to={paths.app.recall.getHref(r.id)} fw={600}>
                    {r.number}
                  </Anchor>
                ),
              },
              {
                accessor: 'batch_code',
                title: t('recalls.fields.batch'),
                render: (r) => (
                  <>
                    <Anchor component={Link} to={paths.app.inventoryBatch.getHref(r.batch_id)}>
                      {r.batch_code}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {r.item_name}
                    </Text>
                  </>
                ),
              },
              { accessor: 'reason', title: t('recalls.fields.reason') },
              { accessor: 'batches', title: t('recalls.fields.batches'), textAlign: 'right' },
              {
                accessor: 'opened_at',
                title: t('recalls.fields.opened'),
                render: (r) => (
                  <>
                    {formatDateTime(r.opened_at, lng, timeZone)}
                    <Text size="xs" c="dimmed">
                      {r.opened_by_name}
                    </Text>
                  </>
                ),
              },
              { accessor: 'status', title: t('recalls.fields.status'), render: (r) => <Badge color={RECALL_COLORS[r.status]}>{t(`recalls.status.${r.status}`)}</Badge> },
            ]}
          />
        )}
      </Stack>
    </PageFrame>
  );
}
