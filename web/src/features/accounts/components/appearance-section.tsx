import { NativeSelect, SimpleGrid, useComputedColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/i18n';
import { LANGUAGES, LANGUAGE_INFO, isLanguage } from '@/i18n/languages';
import { useNavLayout, usePreferenceActions } from '@/lib/preferences';
import { Section } from './section';
import { SegmentedField } from '@/components/segmented-field';

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
        <SegmentedField
          label={t('preferences.theme')}
          value={scheme}
          onChange={setTheme}
          data={[
            { value: 'light', label: t('preferences.themeLight') },
            { value: 'dark', label: t('preferences.themeDark') },
          ]}
        />
        <SegmentedField
          label={t('dashboard.navLayout')}
          value={layout}
          onChange={setNavLayout}
          data={[
            { value: 'side', label: t('dashboard.navLayoutSide') },
            { value: 'top', label: t('dashboard.navLayoutTop') },
          ]}
        />
      </SimpleGrid>
    </Section>
  );
}
