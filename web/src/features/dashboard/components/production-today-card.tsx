import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingFactory2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/format';
import { useProductionToday } from '../api/production-today';
import { DashboardCard } from './dashboard-card';

/** Today's units produced so far and the line that made the most. */
export function ProductionTodayCard() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { data, isPending, isError } = useProductionToday();
  return (
    <DashboardCard icon={IconBuildingFactory2} color="teal" title={t('dashboard.production.title')}>
      {isPending ? (
        <Skeleton h={48} />
      ) : isError ? (
        <Text size="sm" c="red">
          {t('errors.generic')}
        </Text>
      ) : (
        <Stack gap={4}>
          <Group gap="xs" align="baseline">
            <Text fw={700} fz={28} data-testid="today-units">
              {formatNumber(data.units, lng)}
            </Text>
            <Text size="sm" c="dimmed">
              {t('dashboard.production.unitsSoFar')}
            </Text>
          </Group>
          <Text size="sm">
            {data.best_line
              ? t('dashboard.production.bestLine', { line: data.best_line.name, units: formatNumber(data.best_line.units, lng) })
              : t('dashboard.production.none')}
          </Text>
        </Stack>
      )}
      <Anchor component={Link} to={paths.app.production.hourly.getHref()} size="sm" fw={600}>
        {t('dashboard.production.open')}
      </Anchor>
    </DashboardCard>
  );
}
