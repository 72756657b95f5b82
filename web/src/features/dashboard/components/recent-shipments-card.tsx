import { Badge, Text } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { formatCalendarDate, formatNumber } from '@/lib/format';
import { useRecentShipments } from '../api/recent-shipments';
import { CardBadge, CardList, CardRow, DashboardCard } from './dashboard-card';

const STATUS_COLOR = { planned: 'blue', shipped: 'indigo', delivered: 'teal', cancelled: 'gray' } as const;

/** The newest shipments: number, destination, ship date and status, with a link to the log. */
export function RecentShipmentsCard() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const query = useRecentShipments();
  const { data } = query;
  return (
    <DashboardCard
      icon={IconTruckDelivery}
      color="indigo"
      title={t('dashboard.shipments.title')}
      query={query}
      link={{ to: paths.app.shippingLog.path, label: t('dashboard.shipments.open') }}
      aside={
        data && (
          <Badge variant="light" color="indigo" size="lg" data-testid="shipments-total" title={t('dashboard.shipments.total')}>
            {formatNumber(data.total, lng)}
          </Badge>
        )
      }
    >
      {() =>
        !data ? null : data.shipments.length === 0 ? (
          <Text size="sm">{t('dashboard.shipments.none')}</Text>
        ) : (
          <CardList testId="recent-shipments" gap={8}>
            {data.shipments.map((s) => (
              <CardRow key={s.id}>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} dir="auto" truncate="end">
                    <span dir="ltr">{s.number}</span> · {s.destination.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    <time dateTime={s.ship_date}>{formatCalendarDate(s.ship_date, lng)}</time>
                  </Text>
                </div>
                <CardBadge color={STATUS_COLOR[s.status]}>{t(`dashboard.shipments.status.${s.status}`)}</CardBadge>
              </CardRow>
            ))}
          </CardList>
        )
      }
    </DashboardCard>
  );
}
