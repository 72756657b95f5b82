import { ActionIcon, useComputedColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePreferenceActions } from '@/lib/preferences';

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
