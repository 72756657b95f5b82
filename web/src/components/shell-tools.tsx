import { ActionIcon, Group, NativeSelect, useComputedColorScheme } from '@mantine/core';
import { IconLanguage, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/i18n';
import { LANGUAGES, LANGUAGE_INFO, isLanguage } from '@/i18n/languages';
import { usePreferenceActions } from '@/lib/preferences';

/**
 * Language picker as a native select: light enough for the login page and the kiosk,
 * and the platform's own picker on touch screens. Each language is named in itself.
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const { setLanguage } = usePreferenceActions();
  return (
    <NativeSelect
      aria-label={t('common.changeLanguage')}
      leftSection={<IconLanguage size={16} aria-hidden />}
      value={currentLanguage()}
      onChange={(e) => {
        const lng = e.currentTarget.value;
        if (isLanguage(lng)) setLanguage(lng);
      }}
      data={LANGUAGES.map((lng) => ({ value: lng, label: LANGUAGE_INFO[lng].nativeName }))}
      w={190}
      data-testid="language-select"
    />
  );
}

/** Light/dark switch; its label says what pressing it does. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const scheme = useComputedColorScheme('light');
  const { setTheme } = usePreferenceActions();
  const next = scheme === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('common.switchToDark') : t('common.switchToLight');
  return (
    <ActionIcon
      variant="default"
      size={36}
      aria-label={label}
      title={label}
      onClick={() => setTheme(next)}
      data-testid="theme-toggle"
    >
      {scheme === 'dark' ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
    </ActionIcon>
  );
}

/** Language and theme controls of the auth pages. */
export function ShellTools() {
  return (
    <Group gap="xs" wrap="nowrap">
      <LanguageSelect />
      <ThemeToggle />
    </Group>
  );
}
