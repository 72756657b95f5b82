import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { daysBetween, expiryState, formatDay, formatQty } from '../lib/format';

/** A batch's expiry date, flagged when expired or within 30 days. */
export function ExpiryBadge({ expires, today }: { expires: string | null; today: string }) {
  const { t, i18n } = useTranslation();
  const state = expiryState(expires, today);
  if (state === 'none') return <Text size="sm" c="dimmed">{t('inventory.batches.noExpiry')}</Text>;
  const date = formatDay(expires, i18n.language);
  if (state === 'ok') return <Text size="sm">{date}</Text>;
  const days = daysBetween(today, expires!);
  return (
    <Badge color={state === 'expired' ? 'red' : 'orange'} variant="light" style={{ textTransform: 'none' }}>
      {state === 'expired' ? t('inventory.batches.expiredOn', { date }) : t('inventory.batches.expiresIn', { count: days, n: formatQty(days, i18n.language), date })}
    </Badge>
  );
}
