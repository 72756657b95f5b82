import { Anchor, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useInvoiceSummary } from '../api/summary';
import { formatMoney } from '../lib/format-money';
import classes from './outstanding-card.module.css';
import { loadNamespaces } from '@/i18n';

// The card's strings (payments.card) are in the dashboard's namespace, not the payments area's.
await loadNamespaces('dashboard');


/**
 * The dashboard's card for admins: what clients owe on sent invoices (by currency, with the
 * overdue part), drafts waiting to be sent, and what came in over the last 30 days.
 */
export function OutstandingCard() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { data, isPending, isError } = useInvoiceSummary();
  return (
    <Paper withBorder radius="lg" p="lg" h="100%" component="section" aria-labelledby="outstanding-title">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" radius="md" size={36} color="grape">
            <IconFileInvoice size={20} aria-hidden />
          </ThemeIcon>
          <Title order={2} size="h5" id="outstanding-title">
            {t('payments.card.title')}
          </Title>
        </Group>
        {isPending ? (
          <Skeleton h={48} />
        ) : isError ? (
          <Text size="sm" className={classes.alert}>
            {t('errors.generic')}
          </Text>
        ) : (
          <Stack gap={4}>
            {data.outstanding.length === 0 && <Text size="sm">{t('payments.card.none')}</Text>}
            {data.outstanding.map((o) => (
              <div key={o.currency}>
                <Group gap="xs" align="baseline">
                  <Text fw={700} fz={24} data-testid="outstanding-amount">
                    {formatMoney(o.outstanding_minor, o.currency, lng)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('payments.card.invoices', { count: o.invoices })}
                  </Text>
                </Group>
                {o.overdue > 0 && (
                  <Text size="sm" className={classes.alert}>
                    {t('payments.card.overdue', { amount: formatMoney(o.overdue_minor, o.currency, lng) })}
                  </Text>
                )}
              </div>
            ))}
            {data.drafts > 0 && <Text size="sm">{t('payments.card.drafts', { count: data.drafts })}</Text>}
            <Text size="sm" c="dimmed">
              {t('payments.card.received', { amount: formatMoney(data.received_minor, data.currency, lng) })}
            </Text>
          </Stack>
        )}
        <Anchor component={Link} to={paths.app.payments.billing.getHref()} size="sm" fw={600}>
          {t('payments.card.open')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
