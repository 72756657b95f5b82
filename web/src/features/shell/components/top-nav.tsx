import { Box, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isActivePath, mainMenuFor } from '@/config/navigation';
import { useSession } from '@/lib/auth/use-session';
import { TopNavMenu } from './top-nav-menu';

/** The main menu as a horizontal bar, for the "top bar" navigation layout. */
export function TopNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { role } = useSession();
  return (
    <Box component="nav" aria-label={t('nav.mainNavigation')} style={{ overflowX: 'auto', scrollbarWidth: 'none' }}>
      <Group gap={4} wrap="nowrap" px="md" h={48}>
        {mainMenuFor(role).map((item) => {
          const active = isActivePath(pathname, item.to);
          const icon = <item.icon size={18} stroke={1.6} aria-hidden />;
          if (item.children) {
            return (
              <TopNavMenu key={item.to} item={item} active={active} icon={icon} pathname={pathname} />
            );
          }
          return (
            <Button
              key={item.to}
              component={Link}
              to={item.to}
              variant={active ? 'light' : 'subtle'}
              color={active ? 'primary' : 'gray'}
              leftSection={icon}
              aria-current={active ? 'page' : undefined}
            >
              {t(item.labelKey)}
            </Button>
          );
        })}
      </Group>
    </Box>
  );
}
