import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconVersions } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { useHealth } from '../api/health';
import { DashboardCard } from './dashboard-card';

/** Server version, database schema version and the app build. */
export function VersionsCard() {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError } = useHealth();
  const schema = data?.schema_version;
  const rows = [
    { label: t('dashboard.serverVersion'), value: data?.version },
    { label: t('dashboard.schemaVersion'), value: typeof schema === 'number' ? formatNumber(schema, i18n.language) : schema },
    { label: t('dashboard.appBuild'), value: __APP_BUILD__, ready: true },
  ];
  return (
    <DashboardCard icon={IconVersions} title={t('dashboard.versions')}>
      {isError && (
        <Text size="sm" c="red">
          {t('dashboard.versionsUnavailable')}
        </Text>
      )}
      <Stack component="dl" gap={8} m={0}>
        {rows.map((row) => (
          <Group key={row.label} justify="space-between" wrap="nowrap">
            <Text component="dt" size="sm" c="dimmed">
              {row.label}
            </Text>
            <Text component="dd" m={0} size="sm" fw={600} ff="monospace" dir="ltr">
              {isPending && !row.ready ? <Skeleton h={14} w={80} /> : (row.value ?? '—')}
            </Text>
          </Group>
        ))}
      </Stack>
    </DashboardCard>
  );
}
