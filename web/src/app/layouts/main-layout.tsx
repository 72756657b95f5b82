import '@mantine/core/styles.layer.css';
import { AppShell, Avatar, Button, Group, Text } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { IconLogout } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { PageLoader } from '@/components/page-loader';
import { QueryProvider } from '@/components/query-provider';
import { ShellTools } from '@/components/shell-tools';
import { session } from '@/lib/auth/session';
import { useSession } from '@/lib/auth/use-session';
import { PreferencesSync } from '@/lib/preferences';

/** Layout of every signed-in screen. */
export default function MainLayout() {
  const { t } = useTranslation();
  const { userName, pfp } = useSession();
  return (
    <QueryProvider>
      <ModalsProvider>
        <PreferencesSync />
        <AppShell header={{ height: 60 }} padding="md">
          <AppShell.Header>
            <Group h="100%" px="md" justify="space-between">
              <Logo />
              <Group gap="sm">
                <ShellTools />
                <Avatar color={pfp.color} radius="xl" size={32}>
                  {pfp.initials}
                </Avatar>
                <Text size="sm" fw={500} visibleFrom="sm">
                  {userName}
                </Text>
                <Button variant="subtle" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void session.logout()}>
                  {t('nav.logout')}
                </Button>
              </Group>
            </Group>
          </AppShell.Header>
          <AppShell.Main id="main">
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </AppShell.Main>
        </AppShell>
      </ModalsProvider>
    </QueryProvider>
  );
}
