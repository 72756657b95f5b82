import { Box, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBoxSeam, IconClockHour4, IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/brand/logo';
import { ShellTools } from '@/components/shell-tools';
import classes from './auth-layout.module.css';

/** The brand panel's feature list: an icon and a locale key each. */
const features = [
  { Icon: IconBoxSeam, key: 'auth.brandFeatureInventory' },
  { Icon: IconClockHour4, key: 'auth.brandFeatureTime' },
  { Icon: IconTruckDelivery, key: 'auth.brandFeatureShipping' },
] as const;

/**
 * Layout of /auth: the brand panel on large screens (≥ lg), the form alone below.
 */
export default function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={classes.root}>
      <Box component="aside" className={classes.brand} visibleFrom="lg" aria-label={t('auth.brandPanelLabel')}>
        <Logo size={34} inverted />
        <Stack gap="lg" maw={440}>
          <Title order={2} c="white" fz={34} lh={1.15}>
            {t('auth.brandTitle')}
          </Title>
          <Text c="white" opacity={0.85} fz="lg">
            {t('auth.brandText')}
          </Text>
          <List spacing="md" center className={classes.features}>
            {features.map(({ Icon, key }) => (
              <List.Item
                key={key}
                icon={
                  <ThemeIcon variant="white" radius="xl" size={32}>
                    <Icon size={18} aria-hidden />
                  </ThemeIcon>
                }
              >
                {t(key)}
              </List.Item>
            ))}
          </List>
        </Stack>
        <Text c="white" opacity={0.7} fz="sm">
          {t('auth.brandFooter')}
        </Text>
      </Box>
      <main className={classes.formSide} id="main">
        <Group justify="space-between" className={classes.topBar}>
          <Box hiddenFrom="lg">
            <Logo size={28} />
          </Box>
          <Box style={{ marginInlineStart: 'auto' }}>
            <ShellTools />
          </Box>
        </Group>
        <div className={classes.formWrap}>
          {children}
        </div>
      </main>
    </div>
  );
}
