import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import type { Settings } from '../api/get-settings';
import { NOTIFICATION_RETENTION_DEFAULT } from '../api/update-settings';
import { TitledCard } from '@/components/titled-card';

/** What staff see: the values, read-only, and who can change them. */
export function SettingsView({ settings }: { settings: Settings }) {
  const { t, i18n } = useTranslation();
  const rows = [
    { label: t('settings.organisationName'), value: settings.organisation_name },
    { label: t('settings.supportEmail'), value: settings.support_email, ltr: true },
    { label: t('settings.address'), value: settings.organisation_address || '—' },
    { label: t('settings.timeZone'), value: settings.time_zone.replaceAll('_', ' '), ltr: true },
    { label: t('settings.maxShiftHours'), value: formatNumber(settings.max_shift_hours, i18n.language) },
    { label: t('settings.dayStartHour'), value: formatNumber(settings.day_start_hour, i18n.language) },
    { label: t('settings.dayEndHour'), value: formatNumber(settings.day_end_hour, i18n.language) },
    { label: t('settings.maxUploadMiB'), value: `${formatNumber(settings.max_upload_mib ?? 50, i18n.language)} MiB` },
    {
      label: t('settings.notificationRetentionDays'),
      value: formatNumber(settings.notification_retention_days ?? NOTIFICATION_RETENTION_DEFAULT, i18n.language),
    },
  ];
  return (
    <TitledCard title={t('settings.organisation')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" component="dl" m={0}>
          {rows.map((row) => (
            <Stack key={row.label} gap={2}>
              <Text component="dt" size="sm" c="dimmed">
                {row.label}
              </Text>
              <Text component="dd" m={0} fw={600} dir={row.ltr ? 'ltr' : undefined} ta="start" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {row.value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Alert variant="light" color="gray" icon={<IconLock size={18} aria-hidden />}>
          {t('settings.adminOnlyNote')}
        </Alert>
    </TitledCard>
  );
}
