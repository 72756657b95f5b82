import { Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatRate } from '../lib/format';

/**
 * Units per labour hour, or "—" with a tooltip saying why where the server gives none
 * (less than a quarter hour of labour: a rate from minutes of work says nothing true).
 */
export function Uplh({ value }: { value: number | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (value != null) return <>{formatRate(value, i18n.language)}</>;
  const why = t('production.daily.uplhHint');
  return (
    <Tooltip label={why} multiline maw={280} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Text span inherit tabIndex={0} aria-label={why} data-testid="uplh-none" style={{ cursor: 'help', textDecoration: 'underline dotted' }}>
        —
      </Text>
    </Tooltip>
  );
}
