import { NativeSelect, SegmentedControl, SimpleGrid, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/i18n';
import { LANGUAGES, LANGUAGE_INFO, isLanguage } from '@/i18n/languages';
import { useNavLayout, usePreferenceActions, type NavLayout, type ThemeChoice } from '@/lib/preferences';
import { Section } from './section';

/** Language, theme and navigation layout, saved on the server. */
export function AppearanceSection() {
  const { t } = useTranslation();
  const { setLanguage, setTheme, setNavLayout } = usePreferenceActions();
  const scheme = useComputedColorScheme('light');
  const layout = useNavLayout();
  return (
    <Section title={t('preferences.appearance')}>
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
        <NativeSelect
          label={t('common.language')}
          value={currentLanguage()}
          onChange={(e) => {
            const lng = e.currentTarget.value;
            if (isLanguage(lng)) setLanguage(lng);
          }}
          data={LANGUAGES.map((lng) => ({ value: lng, label: LANGUAGE_INFO[lng].nativeName }))}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="theme-label">
            {t('preferences.theme')}
          </Text>
          <SegmentedControl
            aria-labelledby="theme-label"
            value={scheme}
            onChange={(v) => setTheme(v as ThemeChoice)}
            data={[
              { value: 'light', label: t('preferences.themeLight') },
              { value: 'dark', label: t('preferences.themeDark') },
            ]}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="layout-label">
            {t('dashboard.navLayout')}
          </Text>
          <SegmentedControl
            aria-labelledby="layout-label"
            value={layout}
            onChange={(v) => setNavLayout(v as NavLayout)}
            data={[
              { value: 'side', label: t('dashboard.navLayoutSide') },
              { value: 'top', label: t('dashboard.navLayoutTop') },
            ]}
          />
        </Stack>
      </SimpleGrid>
    </Section>
  );
}
