import { Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/format';
import { useStockWarnings } from '../api/stock-warnings';
import { CardBadge, CardList, CardRow, DashboardCard } from './dashboard-card';
import { formatQuantity } from '@/lib/units';

const SHOWN = 4;

/** Low stock and batches expiring soon, each linking to where it can be acted on. */
export function StockWarningsCard() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const query = useStockWarnings();
  const { data } = query;
  return (
    <DashboardCard
      icon={IconAlertTriangle}
      color="orange"
      title={t('dashboard.stockWarnings')}
      query={query}
      link={{ to: paths.app.inventory.getHref(), label: t('dashboard.openInventory') }}
    >
      {() =>
        !data ? null : data.low_stock.length === 0 && data.expiring.length === 0 ? (
          <Text size="sm">{t('dashboard.stockOk')}</Text>
        ) : (
          <CardList testId="stock-warnings">
            {data.low_stock.slice(0, SHOWN).map((item) => (
              <CardRow key={`i${item.id}`}>
                <Text size="sm" fw={600} dir="auto" truncate="end">
                  {item.name}
                </Text>
                <CardBadge color="orange">
                  {t('dashboard.lowStock', {
                    onHand: formatNumber(item.on_hand, lng),
                    reorder: formatQuantity(item.reorder_level, item.unit, t, lng),
                  })}
                </CardBadge>
              </CardRow>
            ))}
            {data.expiring.slice(0, SHOWN).map((b) => (
              <CardRow key={`b${b.id}`}>
                <Anchor component={Link} to={paths.app.inventoryBatch.getHref(b.id)} size="sm" fw={600} dir="auto" truncate="end">
                  {b.item_name} · {b.code}
                </Anchor>
                <CardBadge color={b.expired ? 'red' : 'yellow'}>
                  {b.expired
                    ? t('dashboard.expired')
                    : t('dashboard.expiresIn', { count: b.days_left, n: formatNumber(b.days_left, lng) })}
                </CardBadge>
              </CardRow>
            ))}
          </CardList>
        )
      }
    </DashboardCard>
  );
}
