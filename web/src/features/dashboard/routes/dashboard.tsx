import '../strings';
import { Avatar, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { openRecallsQuery } from '@/features/recalls';
import { useSession } from '@/lib/auth/use-session';
import { formatLongDate } from '@/lib/format';
import { useOrgTimeZone } from '@/lib/org-time';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ClockedInCard } from '../components/clocked-in-card';
import { KioskSetupCard } from '../components/kiosk-setup-card';
import { NavLayoutChoice } from '../components/nav-layout-choice';
import { ProductionTodayCard } from '../components/production-today-card';
import { QuickLinks } from '../components/quick-links';
import { RecentShipmentsCard } from '../components/recent-shipments-card';
import { StockWarningsCard } from '../components/stock-warnings-card';
import { VersionsCard } from '../components/versions-card';
import { VisitorsCard } from '../components/visitors-card';
import classes from './dashboard.module.css';

// Only while a recall is open, in its own chunk: most days it is not fetched at all.
const OpenRecallsAlert = lazy(() => import('../components/open-recalls-alert'));

// Admins only, and in its own chunk: the dashboard's weight stays as it was for everyone.
const OutstandingCard = lazy(() => import('@/features/payments').then((m) => ({ default: m.OutstandingCard })));

/** /dashboard: greeting, shortcuts, who is in, stock warnings, versions, visitors, kiosk setup, navigation layout. */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { userName, memberSince, pfp, role } = useSession();
  const timeZone = useOrgTimeZone();
  const recalls = useQuery(openRecallsQuery).data;
  useDocumentTitle(t('nav.dashboard'));
  return (
    <Stack gap="lg">
      <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.hero}>
        <Group gap="lg" wrap="nowrap" align="center">
          <Avatar color={pfp.color} variant="white" radius="xl" size={64} visibleFrom="md" aria-hidden>
            {pfp.initials}
          </Avatar>
          <Stack gap={4}>
            <Title order={1} c="white" fz={{ base: 24, sm: 30 }}>
              {t('dashboard.greeting', { name: userName })}
            </Title>
            <Text c="white" opacity={0.9}>
              {t('dashboard.today', { date: formatLongDate(new Date(), i18n.language, timeZone) })}
              {memberSince && ` · ${t('dashboard.memberSince', { date: memberSince })}`}
            </Text>
          </Stack>
        </Group>
      </Paper>

      {recalls && recalls.total > 0 && (
        <Suspense fallback={null}>
          <OpenRecallsAlert recalls={recalls.recalls} total={recalls.total} />
        </Suspense>
      )}

      <section aria-labelledby="quick-links-title">
        <Title order={2} size="h5" id="quick-links-title" mb="sm">
          {t('dashboard.quickLinks')}
        </Title>
        <QuickLinks />
      </section>

      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
        <ClockedInCard />
        <ProductionTodayCard />
        <StockWarningsCard />
        <RecentShipmentsCard />
        {role === 'admin' && (
          <Suspense fallback={null}>
            <OutstandingCard />
          </Suspense>
        )}
      </SimpleGrid>

      {/* Three short cards in a row, then the kiosk set-up across the width with its code beside the words:
          four in a row stretched every card to the kiosk card's height and cut the narrow ones' labels. */}
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="md">
        <VersionsCard />
        <VisitorsCard />
        <NavLayoutChoice />
      </SimpleGrid>
      <KioskSetupCard />
    </Stack>
  );
}
