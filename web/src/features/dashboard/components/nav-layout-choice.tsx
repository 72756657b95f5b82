import '../strings';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLayoutNavbar, IconLayoutSidebar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavLayout, usePreferenceActions, type NavLayout } from '@/lib/preferences';

/** Side bar or top bar (SPEC §1), saved to the user's preferences. */
export function NavLayoutChoice() {
  const { t } = useTranslation();
  const layout = useNavLayout();
  const { setNavLayout } = usePreferenceActions();
  const options: { value: NavLayout; label: string; icon: typeof IconLayoutSidebar }[] = [
    { value: 'side', label: t('dashboard.navLayoutSide'), icon: IconLayoutSidebar },
    { value: 'top', label: t('dashboard.navLayoutTop'), icon: IconLayoutNavbar },
  ];
  return (
    <Paper withBorder radius="lg" p="lg" h="100%">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h5" id="nav-layout-title">
            {t('dashboard.navLayout')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('dashboard.navLayoutHelp')}
          </Text>
        </div>
        {/* Side by side while both labels fit whole, one above the other in a narrow card (no `grow`: it cuts labels). */}
        <Group gap="xs" role="group" aria-labelledby="nav-layout-title" data-testid="nav-layout">
          {options.map((o) => (
            <Button
              key={o.value}
              variant={layout === o.value ? 'filled' : 'default'}
              aria-pressed={layout === o.value}
              leftSection={<o.icon size={16} aria-hidden className={o.value === 'side' ? 'mirror-rtl' : undefined} />}
              onClick={() => setNavLayout(o.value)}
              style={{ flex: '1 0 auto' }}
            >
              {o.label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
