import { Group, Paper, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBuildingFactory2, IconChevronRight, IconPackages, IconTruckDelivery, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import classes from './quick-links.module.css';

const LINKS = [
  { to: paths.app.inventory.path, label: 'nav.inventory', text: 'dashboard.quick.inventory', icon: IconPackages, color: 'primary' },
  { to: paths.app.production.overview.path, label: 'nav.production', text: 'dashboard.quick.production', icon: IconBuildingFactory2, color: 'orange' },
  { to: paths.app.shippingLog.path, label: 'nav.shippingLog', text: 'dashboard.quick.shippingLog', icon: IconTruckDelivery, color: 'teal' },
  { to: paths.app.employees.path, label: 'nav.employees', text: 'dashboard.quick.employees', icon: IconUsersGroup, color: 'grape' },
] as const;

/** Shortcuts to the day-to-day areas. */
export function QuickLinks() {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 4 }} spacing="md">
      {LINKS.map((l) => (
        <Paper key={l.to} withBorder radius="lg" className={classes.card}>
          <UnstyledButton component={Link} to={l.to} className={classes.link}>
            <Group wrap="nowrap" gap="md">
              <ThemeIcon variant="light" color={l.color} size={44} radius="md">
                <l.icon size={24} stroke={1.6} aria-hidden />
              </ThemeIcon>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={700}>{t(l.label)}</Text>
                <Text size="sm" c="dimmed">
                  {t(l.text)}
                </Text>
              </div>
              <IconChevronRight size={18} aria-hidden className={`mirror-rtl ${classes.chevron}`} />
            </Group>
          </UnstyledButton>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
