import '../strings';
import { Alert, Button, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { useSession } from '@/lib/auth/use-session';
import { errorMessage } from '@/lib/errors';
import { useSettings } from '../api/get-settings';
import { SettingsForm } from '../components/settings-form';
import { LogoSetting } from '../components/logo-setting';
import { SettingsView } from '../components/settings-view';
import { PlanAheadSetting, SignupSetting } from '../components/signup-setting';

function SettingsSkeleton() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-busy="true" aria-label={t('common.loading')}>
      <Stack gap="md">
        <Skeleton h={22} w={140} />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          {[0, 1, 2, 3].map((i) => (
            <Stack key={i} gap={6}>
              <Skeleton h={14} w={120} />
              <Skeleton h={36} />
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** /settings: the organisation's settings; admins edit them, staff read them. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { role } = useSession();
  const { data, isPending, isError, error, refetch, isRefetching } = useSettings();
  return (
    <PageFrame title={t('nav.settings')} description={t('pages.settings.description')}>
      {isPending ? (
        <SettingsSkeleton />
      ) : isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('settings.loadError')} role="alert">
          <Stack gap="sm" align="flex-start">
            {errorMessage(error, t)}
            <Button
              variant="light"
              color="red"
              size="xs"
              onClick={() => void refetch()}
              loading={isRefetching}
              leftSection={<IconRefresh size={16} aria-hidden />}
            >
              {t('common.reload')}
            </Button>
          </Stack>
        </Alert>
      ) : role === 'admin' ? (
        <>
          <SettingsForm initial={data} />
          <LogoSetting logoUrl={data.logo_url} organisationName={data.organisation_name} />
          <SignupSetting open={data.signup_open ?? false} />
          <PlanAheadSetting allowed={data.allow_planning_ahead ?? false} />
        </>
      ) : (
        <SettingsView settings={data} />
      )}
    </PageFrame>
  );
}
