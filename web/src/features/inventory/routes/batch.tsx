import '../strings';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconAdjustments, IconArrowBackUp, IconClipboardCheck, IconDownload, IconPackageImport, IconTags } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { BatchShipments } from '@/features/shipping';
import { StartRecall } from '@/features/recalls';
import { LinkedDocuments } from '@/features/docs';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useDocumentTitle, useRecordCrumb } from '@/lib/use-document-title';
import { downloadCSV } from '@/lib/api';
import { useBatch } from '../api/get-batch';
import type { Move } from '../api/types';
import { BatchProduction } from '../components/batch-production';
import { InventoryDialogs, type InventoryDialog } from '../components/dialogs';
import { ExpiryBadge } from '../components/expiry-badge';
import { MoveOwner } from '../components/move-owner';
import { formatChange, formatDay, formatQty } from '../lib/format';
import { useOrgToday } from '../lib/use-org-today';
import { useInventoryToasts } from '../lib/use-toasts';
import { unitName } from '@/lib/units';
import { ListTable, TitledSection } from '@/components/list-table';

const BatchTrace = lazy(() => import('../components/batch-trace'));

const REASON_COLORS: Record<string, string> = {
  receive: 'teal',
  produce: 'teal',
  consume: 'blue',
  ship: 'indigo',
  adjust: 'orange',
  count: 'grape',
  reversal: 'gray',
};

/** The document a move came from: its translated kind and number ('Shipment SHP-2026-0042', 'Production entry 12'). */
function documentLabel(m: Move, t: TFunction): string {
  if (!m.document) return '';
  const kind = t(`inventory.documents.${m.document.type}`, { defaultValue: m.document.type });
  const ref = m.owner?.number || m.document.id;
  return ref ? `${kind} ${ref}` : kind;
}

/**
 * Whether a move can still be undone from the screen: not a move its shipment or
 * production entry owns (undone only through that owner, which the row links to).
 */
function canUndo(m: Move): boolean {
  return m.owner == null && m.reason !== 'reversal' && m.reversed_by_id == null && m.quantity !== 0;
}

/**
 * /inventory/batches/:id — the recall view: the batch, and every move that made its
 * balance (who, when, why, the running balance), oldest first, with where it went.
 */
export default function BatchPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { id } = useParams();
  const batchId = Number(id);
  const { timeZone, today } = useOrgToday();
  const toasts = useInventoryToasts();
  const q = useBatch(batchId);
  const [dialog, setDialog] = useState<InventoryDialog>(null);
  const pages = q.data?.pages ?? [];
  const first = pages[0];
  useDocumentTitle(first ? t('inventory.batch.documentTitle', { code: first.code }) : t('inventory.title'));
  useRecordCrumb(first?.code);

  if (q.isError) {
    return (
      <Stack>
        <Text c="red">{errorMessage(q.error, t)}</Text>
        <Anchor component={Link} to={paths.app.inventory.path}>
          {t('inventory.batch.back')}
        </Anchor>
      </Stack>
    );
  }
  if (!first) return <Text>{t('common.loading')}</Text>;
  const last = pages[pages.length - 1];
  const batch = { ...first, on_hand: last.on_hand };
  const item = first.item;
  const moves = pages.flatMap((p) => p.moves);
  const byId = new Map(moves.map((m) => [m.id, m]));
  const used = moves.filter((m) => m.document != null && m.quantity < 0 && m.reason !== 'reversal');
  const totals = moves.reduce<Record<string, number>>((acc, m) => ({ ...acc, [m.reason]: (acc[m.reason] ?? 0) + m.quantity }), {});

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            {t('inventory.batch.title', { code: batch.code })}
          </Title>
          <Text c="dimmed">
            {item.name} · <Text span ff="monospace">{item.sku}</Text>
          </Text>
        </div>
        <Group gap="xs">
          {!item.archived && (
            <Button variant="light" leftSection={<IconPackageImport size={16} aria-hidden />} onClick={() => setDialog({ kind: 'receive', item, batch })}>
              {t('inventory.actions.receive')}
            </Button>
          )}
          <Button variant="light" leftSection={<IconAdjustments size={16} aria-hidden />} onClick={() => setDialog({ kind: 'adjust', batch, unit: item.unit })}>
            {t('inventory.actions.adjust')}
          </Button>
          <Button variant="light" leftSection={<IconClipboardCheck size={16} aria-hidden />} onClick={() => setDialog({ kind: 'count', batch, unit: item.unit })}>
            {t('inventory.actions.count')}
          </Button>
          <Button variant="default" component={Link} to={paths.app.inventoryLabels.getHref(batch.id)} leftSection={<IconTags size={16} aria-hidden />}>
            {t('inventory.labels.button')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void downloadCSV('/api/inventory/moves.csv', { batch_id: batch.id }).catch(toasts.fail)}
          >
            {t('inventory.actions.exportHistory')}
          </Button>
          <Suspense fallback={null}>
            <StartRecall batchId={batch.id} code={batch.code} />
          </Suspense>
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 2, md: 3, lg: 5 }} spacing="sm">
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed">{t('inventory.fields.onHand')}</Text>
          <Text fw={700} size="xl" data-testid="batch-on-hand">
            {formatQty(batch.on_hand, lng)} {unitName(item.unit, t, batch.on_hand)}
          </Text>
        </Card>
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed">{t('inventory.fields.receivedAt')}</Text>
          <Text fw={500}>{formatDay(batch.received_at, lng)}</Text>
        </Card>
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed">{t('inventory.fields.expiresAt')}</Text>
          <ExpiryBadge expires={batch.expires_at} today={today} />
        </Card>
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed">{t('inventory.fields.source')}</Text>
          <Text fw={500}>{batch.source || '—'}</Text>
          {batch.source_type && <Text size="xs" c="dimmed">{t(`inventory.sourceTypes.${batch.source_type}`)}</Text>}
        </Card>
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed">{t('inventory.batch.movements')}</Text>
          <Group gap={4} mt={4}>
            {Object.entries(totals).map(([reason, qty]) => (
              <Badge key={reason} size="sm" variant="light" color={REASON_COLORS[reason]} style={{ textTransform: 'none' }}>
                {t(`inventory.reasons.${reason}`)} {formatChange(qty, lng)}
              </Badge>
            ))}
          </Group>
        </Card>
      </SimpleGrid>

      <Suspense fallback={null}>
        <BatchTrace batchId={batch.id} finished={item.kind === 'finished_good'} />
      </Suspense>

      {first.production && <BatchProduction uses={first.production} unit={item.unit} />}

      <TitledSection title={t('inventory.batch.history')}>
        <ListTable
          minWidth={760}
          striped
          withTableBorder
          aria-label={t('inventory.batch.history')}
          columns={[
            t('inventory.history.when'),
            t('inventory.history.what'),
            { label: t('inventory.history.change'), end: true },
            { label: t('inventory.history.balance'), end: true },
            t('inventory.history.why'),
            t('inventory.history.who'),
            t('inventory.history.undo'),
          ]}
        >
          {moves.map((m) => (
            <Table.Tr key={m.id} data-testid={`move-${m.id}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.created_at, lng, timeZone)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={REASON_COLORS[m.reason]} style={{ textTransform: 'none' }}>
                  {t(`inventory.reasons.${m.reason}`)}
                </Badge>
                {m.document && (
                  <Text size="xs" c="dimmed">
                    {documentLabel(m, t)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="end" c={m.quantity < 0 ? 'red' : m.quantity > 0 ? 'teal' : undefined} style={{ whiteSpace: 'nowrap' }}>
                {formatChange(m.quantity, lng)}
                {m.counted != null && (
                  <Text size="xs" c="dimmed">
                    {t('inventory.history.counted', { qty: formatQty(m.counted, lng) })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="end" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatQty(m.balance_after, lng)} {unitName(item.unit, t, m.balance_after)}
              </Table.Td>
              <Table.Td>
                {m.note || '—'}
                {m.reverses_id != null && (
                  <Text size="xs" c="dimmed">
                    {t(`inventory.history.undoes.${byId.get(m.reverses_id)?.reason ?? 'other'}`, { id: m.reverses_id })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{m.user_name || t('inventory.history.system')}</Table.Td>
              <Table.Td>
                {canUndo(m) ? (
                  <Tooltip label={t('inventory.actions.undo')}>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="orange"
                      leftSection={<IconArrowBackUp size={14} aria-hidden />}
                      aria-label={t('inventory.actions.undoMove', { reason: t(`inventory.reasons.${m.reason}`), change: formatChange(m.quantity, lng) })}
                      onClick={() => setDialog({ kind: 'undo', move: m, unit: item.unit })}
                    >
                      {t('inventory.actions.undo')}
                    </Button>
                  </Tooltip>
                ) : m.reversed_by_id != null ? (
                  <Text size="xs" c="dimmed">
                    {t('inventory.history.undone')}
                  </Text>
                ) : m.owner ? (
                  <MoveOwner owner={m.owner} />
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
        {q.hasNextPage && (
          <Button variant="default" onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage} style={{ alignSelf: 'center' }}>
            {t('inventory.batch.loadMore')}
          </Button>
        )}
      </TitledSection>

      <TitledSection title={t('inventory.batch.whereItWent')}>
        {used.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('inventory.batch.noDocuments')}
          </Text>
        ) : (
          used.map((m) => (
            <Text key={m.id} size="sm">
              {documentLabel(m, t)}
              {': '}
              {formatQty(-m.quantity, lng)} {unitName(item.unit, t, m.quantity)} · {formatDateTime(m.created_at, lng, timeZone)}
            </Text>
          ))
        )}
      </TitledSection>
      <BatchShipments shipments={first.shipments} unit={item.unit} />
      <LinkedDocuments linkKind="batch" linkId={batch.id} defaultType="certificate_of_analysis" />
      <InventoryDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}
