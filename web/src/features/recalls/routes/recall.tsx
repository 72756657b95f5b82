import '../strings';
import '../components/print.css';
import { Anchor, Badge, Button, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconDownload, IconLockOpen, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { downloadFile } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { formatCalendarDate, formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { usePublicSettings } from '@/lib/public-settings';
import { useDocumentTitle, useRecordCrumb } from '@/lib/use-document-title';
import { useRecall, useReleaseRecall, type RecallLine } from '../api/recalls';
import { RECALL_COLORS } from './recalls';
import { formatQuantity } from '@/lib/units';

/**
 * The lines of one destination, in the order the server gives them (destination, ship date): a
 * partner's together whatever its shipments called it, a one-off destination's by its name.
 */
export function byDestination(lines: RecallLine[]): [string, RecallLine[]][] {
  const groups = new Map<string, RecallLine[]>();
  for (const l of lines) {
    const key = l.partner_id != null ? `partner:${l.partner_id}` : `name:${l.destination.toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  return [...groups.values()].map((ls) => [ls[0].destination, ls]);
}

/**
 * /inventory/recalls/:id — the recall list: every partner that received the recalled batch or
 * anything made from it, with contact, shipments, dates, batches and quantities; printable and
 * as CSV. An open recall is released here.
 */
export default function RecallPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const id = Number(useParams().id);
  const timeZone = usePublicSettings().data?.time_zone ?? 'America/Chicago';
  const q = useRecall(id);
  const release = useReleaseRecall(id);
  const [notes, setNotes] = useState<string | null>(null);
  const rc = q.data?.recall;
  useDocumentTitle(rc ? t('recalls.page.documentTitle', { number: rc.number }) : t('nav.recalls'));
  useRecordCrumb(rc?.number);
  if (q.isError) return <Text c="red">{errorMessage(q.error, t)}</Text>;
  if (!q.data || !rc) return <Text>{t('common.loading')}</Text>;
  const groups = byDestination(q.data.lines);
  return (
    <Stack className="recall-sheet" gap="md">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            {t('recalls.page.title', { number: rc.number, code: rc.batch_code })}{' '}
            <Badge color={RECALL_COLORS[rc.status]} size="lg" style={{ verticalAlign: 'middle' }}>
              {t(`recalls.status.${rc.status}`)}
            </Badge>
          </Title>
          <Text c="dimmed">
            <Anchor component={Link} to={paths.app.inventoryBatch.getHref(rc.batch_id)}>
              {rc.batch_code}
            </Anchor>{' '}
            {t('recalls.page.subtitle', { item: rc.item_name, sku: rc.item_sku, holds: t('recalls.page.holds', { count: rc.batches }) })}
          </Text>
        </div>
        <Group gap="xs" className="recall-actions">
          <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
            {t('recalls.page.print')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void downloadFile(`/api/recalls/${rc.id}/list.csv`).catch((e: unknown) => notify('danger', errorMessage(e, t)))}
          >
            {t('recalls.page.csv')}
          </Button>
        </Group>
      </Group>
      <Text>
        <Text span fw={600}>
          {t('recalls.fields.reason')}:
        </Text>{' '}
        {rc.reason}
      </Text>
      {rc.notes && (
        <Text style={{ whiteSpace: 'pre-wrap' }}>
          <Text span fw={600}>
            {t('recalls.fields.notes')}:
          </Text>{' '}
          {rc.notes}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {t('recalls.page.opened', { who: rc.opened_by_name || '—', when: formatDateTime(rc.opened_at, lng, timeZone) })}
        {rc.closed_at && ` · ${t('recalls.page.closed', { who: rc.closed_by_name || '—', when: formatDateTime(rc.closed_at, lng, timeZone) })}`}
      </Text>

      <Title order={2} size="h4" id="recall-list-title">
        {t('recalls.page.listTitle', { count: groups.length })}
      </Title>
      {groups.length === 0 ? (
        <Text c="dimmed">{t('recalls.page.none')}</Text>
      ) : (
        // Wider than a phone: the table scrolls on its own, the page does not.
        <Table.ScrollContainer minWidth={640} type="native">
          <Table withTableBorder striped fz="sm" aria-labelledby="recall-list-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('recalls.list.partner')}</Table.Th>
                <Table.Th>{t('recalls.list.shipment')}</Table.Th>
                <Table.Th>{t('recalls.list.date')}</Table.Th>
                <Table.Th>{t('recalls.list.batch')}</Table.Th>
                <Table.Th ta="end">{t('recalls.list.quantity')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.flatMap(([name, ls]) =>
                ls.map((l, i) => (
                  <Table.Tr key={`${l.shipment_id}:${l.batch_id}`} data-testid="recall-line">
                    {i === 0 && (
                      <Table.Td rowSpan={ls.length} style={{ verticalAlign: 'top' }}>
                        <Text fw={600} size="sm">
                          {name}
                        </Text>
                        {l.contact && <Text size="xs">{l.contact}</Text>}
                        {l.address && (
                          <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                            {l.address}
                          </Text>
                        )}
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Anchor component={Link} to={paths.app.shippingLog.getHref(l.number)} size="sm">
                        {l.number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatCalendarDate(l.ship_date, lng)}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={paths.app.inventoryBatch.getHref(l.batch_id)} size="sm">
                        {l.batch_code}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {l.item_name}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="end">
                      {formatQuantity(l.quantity, l.unit, t, lng)}
                    </Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {rc.status === 'open' && (
        <Stack gap="xs" className="recall-actions" maw={560}>
          <Title order={2} size="h4">
            {t('recalls.release.title')}
          </Title>
          <Text size="sm">{t('recalls.release.explain')}</Text>
          <Textarea label={t('recalls.fields.notes')} value={notes ?? rc.notes} onChange={(e) => setNotes(e.currentTarget.value)} autosize minRows={2} maxLength={2000} />
          <Button
            style={{ alignSelf: 'flex-start' }}
            leftSection={<IconLockOpen size={16} aria-hidden />}
            loading={release.isPending}
            onClick={() =>
              release.mutate(notes ?? undefined, {
                onSuccess: () => notify('success', t('recalls.release.done', { number: rc.number })),
                onError: (e) => notify('danger', errorMessage(e, t)),
              })
            }
          >
            {t('recalls.release.button')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
