import { Group, NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/i18n';
import { LANGUAGES, LANGUAGE_INFO, isLanguage } from '@/i18n/languages';
import { usePreferenceActions } from '@/lib/preferences';
import { ThemeToggle } from './theme-toggle';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * Language picker as a native select: light enough for the login page and the kiosk,
 * and the platform's own picker on touch screens. Each language is named in itself.
 *
 * Until React has hydrated a prerendered page the select holds only the current language
 * (it is inert then, in ShellTools and the kiosk). A select lays out every option to size
 * itself, and the other languages' names are in other scripts (简体中文, فارسی): a cold
 * page would look up CJK and Arabic fonts, family by family, before its first paint (in a
 * trace of the login, half of its 90 ms layout) for options nobody sees yet.
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const { setLanguage } = usePreferenceActions();
  const hydrated = useHydrated();
  const current = currentLanguage();
  const shown = hydrated ? LANGUAGES : LANGUAGES.filter((lng) => lng === current);
  return (
    <NativeSelect
      aria-label={t('common.changeLanguage')}
      leftSection={<IconLanguage size={16} aria-hidden />}
      value={current}
      onChange={(e) => {
        const lng = e.currentTarget.value;
        if (isLanguage(lng)) setLanguage(lng);
      }}
      data={shown.map((lng) => ({ value: lng, label: LANGUAGE_INFO[lng].nativeName }))}
      w={190}
      data-testid="language-select"
    />
  );
}

/** Language and theme controls of the auth pages. */
export function ShellTools() {
  const hydrated = useHydrated();
  return (
    <Group gap="xs" wrap="nowrap" inert={!hydrated}>
      <LanguageSelect />
      <ThemeToggle />
    </Group>
  );
}
