import { AppShell, Container, Stack } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { QueryProvider } from '@/components/query-provider';
import { AppBreadcrumbs, AppHeader, MailBanner, Sidebar, useSidebar } from '@/features/shell';
import { useSession } from '@/lib/auth/use-session';
import { LiveEvents } from '@/lib/live';
import { usePublicSettings } from '@/lib/public-settings';
import { PreferencesSync, useNavLayout } from '@/lib/preferences';
import classes from './main-layout.module.css';

/** Width of the expanded sidebar (SPEC §9); 100vw on phones, 0 when collapsed. */
export const SIDEBAR_WIDTH = 280;
const HEADER_HEIGHT = 60;
const TOP_NAV_HEIGHT = 49;

function Shell() {
  const { t } = useTranslation();
  const layout = useNavLayout();
  const sidebar = useSidebar();
  const side = layout === 'side';
  // An admin's screen is shown once the public settings have said whether the mail banner
  // heads it: a banner put in above a page already drawn would push all of it down. The page
  // loads meanwhile, out of sight.
  const { role } = useSession();
  const settings = usePublicSettings();
  const waiting = role === 'admin' && settings.isPending;

  return (
    <>
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <AppShell
        header={{ height: side ? HEADER_HEIGHT : HEADER_HEIGHT + TOP_NAV_HEIGHT }}
        navbar={
          side
            ? {
                width: SIDEBAR_WIDTH,
                breakpoint: 'md',
                collapsed: { mobile: !sidebar.expanded, desktop: !sidebar.expanded },
              }
            : undefined
        }
        padding={0}
        data-nav-layout={layout}
      >
        <AppShell.Header>
          <AppHeader layout={layout} sidebarExpanded={side && sidebar.expanded} onToggleSidebar={sidebar.toggle} />
        </AppShell.Header>
        {side && (
          <AppShell.Navbar
            id="app-sidebar"
            aria-label={t('nav.mainNavigation')}
            data-expanded={sidebar.expanded || undefined}
            inert={!sidebar.expanded}
            data-testid="sidebar"
          >
            <Sidebar onNavigate={sidebar.afterNavigate} />
          </AppShell.Navbar>
        )}
        <AppShell.Main id="main" tabIndex={-1} className={classes.main}>
          <Container size="xl" px={{ base: 'md', md: 'xl' }} py={{ base: 'md', md: 'lg' }}>
            {waiting && <PageLoader />}
            <Stack gap="md" display={waiting ? 'none' : undefined}>
              <MailBanner />
              <AppBreadcrumbs />
              <Suspense fallback={<PageLoader />}>
                <Outlet />
              </Suspense>
            </Stack>
          </Container>
        </AppShell.Main>
      </AppShell>
    </>
  );
}

/** Layout of every signed-in screen: navbar, sidebar (or top bar), breadcrumb, content. */
export default function MainLayout() {
  return (
    <QueryProvider>
      <PreferencesSync />
      <LiveEvents />
      <Shell />
    </QueryProvider>
  );
}
