import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/format';
import { useStockWarnings } from '../api/stock-warnings';
import { DashboardCard } from './dashboard-card';
import { unitName } from '@/lib/units';

const SHOWN = 4;

/** Low stock and batches expiring soon (issue 5), each linking to where it can be acted on. */
export function StockWarningsCard() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { data, isPending, isError } = useStockWarnings();
  return (
    <DashboardCard icon={IconAlertTriangle} color="orange" title={t('dashboard.stockWarnings')}>
      {isPending ? (
        <Skeleton h={48} />
      ) : isError ? (
        <Text size="sm" c="red">
          {t('errors.generic')}
        </Text>
      ) : data.low_stock.length === 0 && data.expiring.length === 0 ? (
        <Text size="sm">{t('dashboard.stockOk')}</Text>
      ) : (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} data-testid="stock-warnings">
          {data.low_stock.slice(0, SHOWN).map((item) => (
            <Group component="li" key={`i${item.id}`} gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600} truncate="end">
                {item.name}
              </Text>
              <Badge color="orange" variant="filled" autoContrast style={{ flexShrink: 0 }}>
                {t('dashboard.lowStock', {
                  onHand: formatNumber(item.on_hand, lng),
                  reorder: formatNumber(item.reorder_level, lng),
                  unit: unitName(item.unit, t, item.reorder_level),
                })}
              </Badge>
            </Group>
          ))}
          {data.expiring.slice(0, SHOWN).map((b) => (
            <Group component="li" key={`b${b.id}`} gap="xs" justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={paths.app.inventoryBatch.getHref(b.id)} size="sm" fw={600} truncate="end">
                {b.item_name} · {b.code}
              </Anchor>
              <Badge color={b.expired ? 'red' : 'yellow'} variant="filled" autoContrast style={{ flexShrink: 0 }}>
                {b.expired
                  ? t('dashboard.expired')
                  : t('dashboard.expiresIn', { count: b.days_left, n: formatNumber(b.days_left, lng) })}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
      <Anchor component={Link} to={paths.app.inventory.getHref()} size="sm" fw={600}>
        {t('dashboard.openInventory')}
      </Anchor>
    </DashboardCard>
  );
}
