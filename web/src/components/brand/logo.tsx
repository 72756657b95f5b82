import { Group, Text, useMantineTheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The Packline mark: a parcel outline on a primary-coloured tile. */
export function LogoMark({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  const fill = inverted ? '#ffffff' : 'var(--mantine-primary-color-filled)';
  const stroke = inverted ? 'var(--mantine-primary-color-filled)' : '#ffffff';
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={fill} />
      <path d="M8 11.5 16 7l8 4.5v9L16 25l-8-4.5z" fill="none" stroke={stroke} strokeWidth="2" strokeLinejoin="round" />
      <path d="M8 11.5 16 16l8-4.5M16 16v9" fill="none" stroke={stroke} strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

/** Mark plus the product name. The name is a brand, the same in every language. */
export function Logo({ size = 28, inverted = false }: { size?: number; inverted?: boolean }) {
  const theme = useMantineTheme();
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <LogoMark size={size} inverted={inverted} />
      <Text fw={800} fz={size * 0.7} lh={1} c={inverted ? theme.white : undefined} style={{ letterSpacing: '-0.02em' }}>
        {t('common.appName')}
      </Text>
    </Group>
  );
}
