import { Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { Method } from '../api/methods';
import { bankFieldLabels } from '../lib/bank-fields';

/**
 * A method's details as the invoice and the methods page show them, labelled in t's language
 * and as banks of the currency's country name them (a routing number in US dollars).
 */
export function MethodDetails({ method: m, t, currency }: { method: Method; t: TFunction; currency: string }) {
  const labels = bankFieldLabels(currency);
  const rows: [string, string][] = [
    ['bankName', m.bank_name],
    ['accountName', m.account_name],
    [labels.sort_code, m.sort_code],
    [labels.account_number, m.account_number],
  ];
  return (
    <Stack gap={2}>
      {rows
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <Text key={k} size="sm">
            <Text span c="dimmed" size="sm">
              {t(`payments.methods.fields.${k}`)}:
            </Text>{' '}
            {v}
          </Text>
        ))}
      {m.payment_url && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('payments.invoice.payOnline', { url: m.payment_url })}
        </Text>
      )}
      {m.notes && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          <Text span c="dimmed" size="sm">
            {t('payments.methods.fields.notes')}:
          </Text>{' '}
          {m.notes}
        </Text>
      )}
    </Stack>
  );
}
