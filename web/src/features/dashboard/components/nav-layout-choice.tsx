import { Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconLayoutNavbar, IconLayoutSidebar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavLayout, usePreferenceActions, type NavLayout } from '@/lib/preferences';

/** Side bar or top bar (SPEC §1), saved to the user's preferences. */
export function NavLayoutChoice() {
  const { t } = useTranslation();
  const layout = useNavLayout();
  const { setNavLayout } = usePreferenceActions();
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
        <SegmentedControl
          fullWidth
          value={layout}
          onChange={(v) => setNavLayout(v as NavLayout)}
          aria-labelledby="nav-layout-title"
          data-testid="nav-layout"
          data={[
            {
              value: 'side',
              label: (
                <span className="segment-label">
                  <IconLayoutSidebar size={16} aria-hidden className="mirror-rtl" />
                  {t('dashboard.navLayoutSide')}
                </span>
              ),
            },
            {
              value: 'top',
              label: (
                <span className="segment-label">
                  <IconLayoutNavbar size={16} aria-hidden />
                  {t('dashboard.navLayoutTop')}
                </span>
              ),
            },
          ]}
        />
      </Stack>
    </Paper>
  );
}
