import { Anchor, Button, Group, Stack, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAdjustments, IconClipboardCheck, IconHistory, IconPackageImport } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useItem } from '../api/get-item';
import type { Batch, Item } from '../api/types';
import { formatQty, formatDay } from '../lib/format';
import type { InventoryDialog } from './dialogs';
import { ExpiryBadge } from './expiry-badge';
import { HeldBadge } from '@/components/held-badge';
import { unitName } from '@/lib/units';
import { IconAction } from '@/components/icon-action';
import { SCROLLS_BY_KEYBOARD } from '@/components/list-table';

/** Production's recipe editor, loaded with production's code when a finished good's panel opens. */
const RecipeButton = lazy(() => import('@/features/production').then((m) => ({ default: m.RecipeButton })));

/**
 * An item's batches, oldest expiry first, each with on-hand, received, expiry and source,
 * and the actions on it; the total row adds up to the item's on-hand.
 */
export function BatchesPanel({ item, today, open }: { item: Item; today: string; open: (d: InventoryDialog) => void }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [showEmpty, setShowEmpty] = useState(false);
  const full = useItem(item.id, showEmpty);
  const batches: Batch[] = showEmpty && full.data ? full.data.batches : item.batches;
  const total = batches.reduce((sum, b) => sum + b.on_hand, 0);
  return (
    <Stack gap="xs" p="sm" bg="var(--mantine-color-default-hover)">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {t('inventory.batches.title', { sku: item.sku })}
        </Text>
        <Group gap="sm">
          {item.kind === 'finished_good' && (
            <Suspense fallback={null}>
              <RecipeButton itemId={item.id} name={item.name} />
            </Suspense>
          )}
          <Switch size="xs" label={t('inventory.batches.showEmpty')} checked={showEmpty} onChange={(e) => setShowEmpty(e.currentTarget.checked)} />
          {!item.archived && (
            <Button size="xs" variant="light" leftSection={<IconPackageImport size={14} aria-hidden />} onClick={() => open({ kind: 'receive', item })}>
              {t('inventory.actions.receive')}
            </Button>
          )}
        </Group>
      </Group>
      {batches.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('inventory.batches.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640} scrollAreaProps={SCROLLS_BY_KEYBOARD}>
          <Table fz="sm" verticalSpacing={4} aria-label={t('inventory.batches.title', { sku: item.sku })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('inventory.fields.code')}</Table.Th>
                <Table.Th scope="col" ta="end">{t('inventory.fields.onHand')}</Table.Th>
                <Table.Th scope="col">{t('inventory.fields.receivedAt')}</Table.Th>
                <Table.Th scope="col">{t('inventory.fields.expiresAt')}</Table.Th>
                <Table.Th scope="col">{t('inventory.fields.source')}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t('inventory.fields.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {batches.map((b) => (
                <Table.Tr key={b.id} data-testid={`batch-${b.code}`}>
                  {/* The batch's code heads its row: each figure is read with the batch it belongs to. */}
                  <Table.Th scope="row" fw="normal" style={{ whiteSpace: 'nowrap' }}>
                    <Anchor component={Link} to={paths.app.inventoryBatch.getHref(b.id)} size="sm" ff="monospace">
                      {b.code}
                    </Anchor>
                  </Table.Th>
                  <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                    {formatQty(b.on_hand, lng)} {unitName(item.unit, t, b.on_hand)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(b.received_at, lng)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ExpiryBadge expires={b.expires_at} today={today} />
                      <HeldBadge hold={b.held_by} />
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {b.source}
                    {b.source_type && (
                      <Text span size="xs" c="dimmed">
                        {' · '}
                        {t(`inventory.sourceTypes.${b.source_type}`)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {!item.archived && (
                        <IconAction label={t('inventory.actions.receiveInto')} name={t('inventory.actions.receiveIntoBatch', { code: b.code })} icon={IconPackageImport} onClick={() => open({ kind: 'receive', item, batch: b })} />
                      )}
                      <IconAction label={t('inventory.actions.adjust')} name={t('inventory.actions.adjustBatch', { code: b.code })} icon={IconAdjustments} onClick={() => open({ kind: 'adjust', batch: b, unit: item.unit })} />
                      <IconAction label={t('inventory.actions.count')} name={t('inventory.actions.countBatch', { code: b.code })} icon={IconClipboardCheck} onClick={() => open({ kind: 'count', batch: b, unit: item.unit })} />
                      <IconAction label={t('inventory.actions.history')} name={t('inventory.actions.historyOf', { code: b.code })} icon={IconHistory} to={paths.app.inventoryBatch.getHref(b.id)} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">{t('inventory.batches.total')}</Table.Th>
                <Table.Td ta="end" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {formatQty(total, lng)} {unitName(item.unit, t, total)}
                </Table.Td>
                <Table.Td colSpan={4} />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
