import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconVersions } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/auth/use-session';
import { formatDateTime, formatNumber } from '@/lib/format';
import { usePublicSettings } from '@/lib/public-settings';
import { useBackups, useHealth } from '../api/health';
import { DashboardCard } from './dashboard-card';

/** Server version, database schema version and the app build; to admins, the last good backup. */
export function VersionsCard() {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError } = useHealth();
  const admin = useSession().role === 'admin';
  const backups = useBackups(admin).data;
  const { data: settings } = usePublicSettings();
  const schema = data?.schema_version;
  const rows: { label: string; value?: string; ready?: boolean; alert?: string | false }[] = [
    { label: t('dashboard.serverVersion'), value: data?.version },
    { label: t('dashboard.schemaVersion'), value: typeof schema === 'number' ? formatNumber(schema, i18n.language) : schema },
    { label: t('dashboard.appBuild'), value: __APP_BUILD__, ready: true },
  ];
  if (backups) {
    const last = backups.last_good;
    rows.push({
      label: t('dashboard.lastBackup'),
      ready: true,
      value: !backups.enabled ? t('dashboard.backupsOff') : last ? formatDateTime(last.at, i18n.language, settings?.time_zone) : t('dashboard.backupNone'),
      // Older than two periods, or none yet: red, with the last failure's reason when there is one.
      alert: backups.stale && (backups.last_error || t('dashboard.backupStale')),
    });
  }
  return (
    <DashboardCard icon={IconVersions} title={t('dashboard.versions')}>
      {isError && (
        <Text size="sm" c="red">
          {t('dashboard.versionsUnavailable')}
        </Text>
      )}
      <Stack component="dl" gap={8} m={0}>
        {rows.map((row) => (
          <Group key={row.label} justify="space-between" wrap="nowrap" title={row.alert || undefined}>
            <Text component="dt" size="sm" c="dimmed">
              {row.label}
            </Text>
            <Text component="dd" m={0} size="sm" fw={600} ff="monospace" dir="ltr" c={row.alert ? 'red' : undefined} data-stale={row.alert ? true : undefined}>
              {isPending && !row.ready ? <Skeleton h={14} w={80} /> : (row.value ?? '—')}
            </Text>
          </Group>
        ))}
      </Stack>
    </DashboardCard>
  );
}
