import { Group, Stack, Text } from '@mantine/core';
import { IconBuildingFactory2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/format';
import { useProductionToday } from '../api/production-today';
import { DashboardCard } from './dashboard-card';

/** Today's units produced so far and the line that made the most. */
export function ProductionTodayCard() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const query = useProductionToday();
  const { data } = query;
  return (
    <DashboardCard
      icon={IconBuildingFactory2}
      color="teal"
      title={t('dashboard.production.title')}
      query={query}
      link={{ to: paths.app.production.hourly.getHref(), label: t('dashboard.production.open') }}
    >
      {() =>
        data && (
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
        )
      }
    </DashboardCard>
  );
}
