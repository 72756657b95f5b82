import { Button, CopyButton, Group, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDeviceTablet, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import classes from './kiosk-setup-card.module.css';
import { DashboardCard } from './dashboard-card';

/** Remote-connection setup (SPEC §1): the address to open on the kiosk tablet. */
export function KioskSetupCard() {
  const { t } = useTranslation();
  const url = `${window.location.origin}${paths.employeePortal.path}`;
  return (
    <DashboardCard icon={IconDeviceTablet} color="grape" title={t('dashboard.remote')}>
      <Text size="sm" c="dimmed">
        {t('dashboard.remoteText')}
      </Text>
      <div>
        <Text size="sm" fw={500} id="kiosk-address-label">
          {t('dashboard.kioskAddress')}
        </Text>
        <Text
          className={classes.address}
          ff="monospace"
          size="sm"
          dir="ltr"
          aria-labelledby="kiosk-address-label"
          data-testid="kiosk-address"
        >
          {url}
        </Text>
      </div>
      <Group gap="xs">
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              color={copied ? 'teal' : 'primary'}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={copy}
            >
              {copied ? t('common.copied') : t('common.copy')}
            </Button>
          )}
        </CopyButton>
        <Button
          component="a"
          href={paths.employeePortal.path}
          target="_blank"
          rel="noopener"
          variant="default"
          rightSection={<IconExternalLink size={16} aria-hidden />}
        >
          {t('dashboard.openKiosk')}
        </Button>
      </Group>
    </DashboardCard>
  );
}
