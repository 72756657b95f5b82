import '../strings';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAdjustments, IconClipboardCheck, IconDownload, IconPackageImport, IconTags } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { BatchShipments } from '@/features/shipping';
import { StartRecall } from '@/features/recalls';
import { LinkedDocuments } from '@/features/documents';
import { errorMessage } from '@/lib/errors';
import { useDocumentTitle, useRecordCrumb } from '@/lib/use-document-title';
import { downloadCSV } from '@/lib/api';
import { useBatch } from '../api/get-batch';
import type { MoveReason } from '../api/get-moves';
import { BatchHistory, REASON_COLORS } from '../components/batch-history';
import { InventoryDialogs, type InventoryDialog } from '../components/dialogs';
import { ExpiryBadge } from '../components/expiry-badge';
import { HeldBadge } from '@/components/held-badge';
import { formatChange, formatDay } from '../lib/format';
import { useOrgToday } from '../lib/use-org-today';
import { useInventoryToasts } from '../lib/use-toasts';
import { formatQuantity } from '@/lib/units';

const BatchTrace = lazy(() => import('../components/batch-trace'));

/**
 * /inventory/batches/:id — the recall view: the batch, its totals, where it came from and
 * went (the trace), its history of moves a page at a time (who, when, why, the running
 * balance), the shipments that carried it and its documents.
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
  const first = q.data;
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
  const batch = first;
  const item = first.item;
  const totals = Object.entries(first.totals).filter(([, qty]) => qty !== 0) as [MoveReason, number][];

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Group gap="sm">
            <Title order={1} size="h2">
              {t('inventory.batch.title', { code: batch.code })}
            </Title>
            <HeldBadge hold={batch.held_by} />
          </Group>
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
          {!batch.held_by && (
            <Suspense fallback={null}>
              <StartRecall batchId={batch.id} code={batch.code} />
            </Suspense>
          )}
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 2, md: 3, lg: 5 }} spacing="sm">
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed">{t('inventory.fields.onHand')}</Text>
          <Text fw={700} size="xl" data-testid="batch-on-hand">
            {formatQuantity(batch.on_hand, item.unit, t, lng)}
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
            {totals.map(([reason, qty]) => (
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

      <BatchHistory batchId={batch.id} unit={item.unit} timeZone={timeZone} onDialog={setDialog} />
      <BatchShipments shipments={first.shipments} unit={item.unit} />
      <LinkedDocuments linkKind="batch" linkId={batch.id} defaultType="certificate_of_analysis" />
      <InventoryDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}
