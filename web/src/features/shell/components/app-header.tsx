import { Box, Burger, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo, LogoMark } from '@/components/brand/logo';
import { LiveStatusBadge } from '@/components/live-status';
import { ThemeToggle } from '@/components/theme-toggle';
import { HOME_PATH } from '@/config/paths';
import type { NavLayout } from '@/lib/preferences';
import { NotificationsMenu } from '@/features/messaging';
import { PatchNotesButton } from './patch-notes';
import { ProfileMenu } from './profile-menu';
import { SearchButton } from '@/features/search';
import { SupportLink } from './support-link';
import { TopNav } from './top-nav';
import classes from './app-header.module.css';

interface AppHeaderProps {
  layout: NavLayout;
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
}

/** The navbar: sidebar toggle, brand, live updates offline (when they are), patch notes, support, notifications, theme, profile. */
export function AppHeader({ layout, sidebarExpanded, onToggleSidebar }: AppHeaderProps) {
  const { t } = useTranslation();
  const toggleLabel = sidebarExpanded ? t('nav.collapseSidebar') : t('nav.expandSidebar');
  return (
    <>
      <Group h={60} px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          {layout === 'side' && (
            <Burger
              opened={sidebarExpanded}
              onClick={onToggleSidebar}
              size="sm"
              aria-label={toggleLabel}
              title={toggleLabel}
              aria-expanded={sidebarExpanded}
              aria-controls="app-sidebar"
              data-testid="sidebar-toggle"
            />
          )}
          <Link to={HOME_PATH} className={classes.brand} aria-label={t('nav.dashboard')}>
            <Box visibleFrom="md">
              <Logo size={28} />
            </Box>
            <Box hiddenFrom="md">
              <LogoMark size={28} />
            </Box>
          </Link>
        </Group>
        <Group gap={2} wrap="nowrap">
          <LiveStatusBadge />
          <SearchButton />
          <PatchNotesButton />
          <SupportLink />
          <NotificationsMenu />
          <ThemeToggle />
          <Box ms={4}>
            <ProfileMenu />
          </Box>
        </Group>
      </Group>
      {layout === 'top' && (
        <Box className={classes.topNav}>
          <TopNav />
        </Box>
      )}
    </>
  );
}
