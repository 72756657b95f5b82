import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatCalendarDate, formatNumber } from '@/lib/format';
import { useRecentShipments } from '../api/recent-shipments';
import { DashboardCard } from './dashboard-card';

const STATUS_COLOR = { planned: 'blue', shipped: 'indigo', delivered: 'teal', cancelled: 'gray' } as const;

/** The newest shipments: number, destination, ship date and status, with a link to the log. */
export function RecentShipmentsCard() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { data, isPending, isError } = useRecentShipments();
  return (
    <DashboardCard
      icon={IconTruckDelivery}
      color="indigo"
      title={t('dashboard.shipments.title')}
      aside={
        data && (
          <Badge variant="light" color="indigo" size="lg" data-testid="shipments-total" title={t('dashboard.shipments.total')}>
            {formatNumber(data.total, lng)}
          </Badge>
        )
      }
    >
      {isPending ? (
        <Skeleton h={48} />
      ) : isError ? (
        <Text size="sm" c="red">
          {t('errors.generic')}
        </Text>
      ) : data.shipments.length === 0 ? (
        <Text size="sm">{t('dashboard.shipments.none')}</Text>
      ) : (
        <Stack component="ul" gap={8} m={0} p={0} style={{ listStyle: 'none' }} data-testid="recent-shipments">
          {data.shipments.map((s) => (
            <Group component="li" key={s.id} gap="xs" justify="space-between" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate="end">
                  <span dir="ltr">{s.number}</span> · {s.destination.name}
                </Text>
                <Text size="xs" c="dimmed">
                  <time dateTime={s.ship_date}>{formatCalendarDate(s.ship_date, lng)}</time>
                </Text>
              </div>
              <Badge variant="filled" autoContrast color={STATUS_COLOR[s.status]} style={{ flexShrink: 0 }}>
                {t(`dashboard.shipments.status.${s.status}`)}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
      <Anchor component={Link} to={paths.app.shippingLog.path} size="sm" fw={600}>
        {t('dashboard.shipments.open')}
      </Anchor>
    </DashboardCard>
  );
}
