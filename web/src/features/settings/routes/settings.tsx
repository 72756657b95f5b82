import { Alert, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { usePublicSettings } from '@/lib/public-settings';

/** /settings: the organisation's settings as the server holds them (editing comes later). */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { data, isPending, isError } = usePublicSettings();
  const rows = [
    { label: t('settings.organisationName'), value: data?.organisation_name },
    { label: t('settings.supportEmail'), value: data?.support_email },
    { label: t('settings.timeZone'), value: data?.time_zone },
  ];
  return (
    <PageFrame title={t('nav.settings')} description={t('pages.settings.description')}>
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('settings.organisation')}
          </Title>
          {isError ? (
            <Alert color="red" variant="light">
              {t('errors.generic')}
            </Alert>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" component="dl" m={0}>
              {rows.map((row) => (
                <Stack key={row.label} gap={2}>
                  <Text component="dt" size="sm" c="dimmed">
                    {row.label}
                  </Text>
                  <Text component="dd" m={0} fw={600}>
                    {isPending ? <Skeleton h={18} w={160} /> : row.value}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          )}
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t('settings.readOnlyNote')}
          </Alert>
        </Stack>
      </Paper>
    </PageFrame>
  );
}
