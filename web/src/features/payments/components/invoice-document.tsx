import { Box, Divider, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { LANGUAGE_INFO, languageOf } from '@/i18n/languages';
import { formatNumber } from '@/lib/format';
import type { Invoice } from '../api/invoices';
import type { Method } from '../api/methods';
import { formatDay, formatMoney, formatRate } from '../lib/money';
import { MethodDetails } from './method-details';
import './print.css';

export interface InvoiceDocumentProps {
  invoice: Invoice;
  method: Method | null;
  orgName: string;
  supportEmail: string;
  /** t and the language of the invoice (the client's), not necessarily the reader's. */
  t: TFunction;
  lng: string;
}

/** The invoice as the client receives it; printing shows it alone (print.css). */
export function InvoiceDocument({ invoice: inv, method, orgName, supportEmail, t, lng }: InvoiceDocumentProps) {
  const money = (v: number) => formatMoney(v, inv.currency, lng);
  const addr = inv.bill_to;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', md: 'xl' }} className="invoice-doc" data-testid="invoice-document" dir={LANGUAGE_INFO[languageOf(lng)].dir} lang={LANGUAGE_INFO[languageOf(lng)].tag}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2}>{inv.number ? t('payments.invoice.title') : t('payments.invoice.draftTitle')}</Title>
            <Text fw={700} size="lg">
              {inv.number ?? '—'}
            </Text>
            {inv.status === 'void' && (
              <Text c="red" fw={700}>
                {t('payments.invoice.voided', { reason: inv.void_reason })}
              </Text>
            )}
            {inv.status === 'paid' && (
              <Text
                c="teal.8"
                fw={800}
                fz={28}
                data-testid="invoice-paid"
                style={{ letterSpacing: 2, border: '3px solid currentColor', borderRadius: 6, padding: '0 12px', display: 'inline-block', transform: 'rotate(-4deg)' }}
              >
                {t('payments.invoice.paidStamp')}
              </Text>
            )}
          </div>
          <Box ta="end">
            <Text fw={600}>{orgName}</Text>
            <Text size="sm">{supportEmail}</Text>
          </Box>
        </Group>
        <SimpleGrid cols={2}>
          <div>
            <Text size="sm" c="dimmed" fw={600}>
              {t('payments.invoice.billTo')}
            </Text>
            <Text fw={600}>{addr.name}</Text>
            {addr.address && <Text style={{ whiteSpace: 'pre-line' }}>{addr.address}</Text>}
            <Text>{[addr.city, addr.country].filter(Boolean).join(', ')}</Text>
            {addr.email && <Text size="sm">{addr.email}</Text>}
          </div>
          <Stack gap={2} ta="end">
            <Text size="sm">
              {t('payments.invoice.issueDate')}: {formatDay(inv.issue_date, lng)}
            </Text>
            <Text size="sm">
              {inv.due_date ? `${t('payments.invoice.dueDate')}: ${formatDay(inv.due_date, lng)}` : t('payments.invoice.dueIn', { count: inv.due_days })}
            </Text>
            {inv.project_name && (
              <Text size="sm">
                {t('payments.invoice.project')}: {inv.project_name}
              </Text>
            )}
          </Stack>
        </SimpleGrid>
        {/* A long line scrolls inside the card on a phone, never the page (print.css tightens the cells there). */}
        <Table.ScrollContainer minWidth={280} type="native" className="invoice-lines">
        <Table withTableBorder fz={{ base: 'xs', md: 'sm' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('payments.invoice.description')}</Table.Th>
              <Table.Th ta="end">{t('payments.invoice.quantity')}</Table.Th>
              <Table.Th ta="end">{t('payments.invoice.unitPrice')}</Table.Th>
              <Table.Th ta="end">{t('payments.invoice.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inv.lines.map((l, i) => (
              <Table.Tr key={i}>
                <Table.Td>{l.description}</Table.Td>
                <Table.Td ta="end">{formatNumber(l.quantity, lng)}</Table.Td>
                <Table.Td ta="end">{money(l.unit_price_minor)}</Table.Td>
                <Table.Td ta="end">{money(l.amount_minor)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        </Table.ScrollContainer>
        <Stack gap={4} ms="auto" miw={{ base: '100%', xs: 260 }}>
          <Group justify="space-between">
            <Text>{t('payments.invoice.subtotal')}</Text>
            <Text>{money(inv.subtotal_minor)}</Text>
          </Group>
          {inv.tax_rate_bp > 0 && (
            <Group justify="space-between">
              <Text>{t('payments.invoice.tax', { rate: formatRate(inv.tax_rate_bp, lng) })}</Text>
              <Text>{money(inv.tax_minor)}</Text>
            </Group>
          )}
          <Divider />
          <Group justify="space-between">
            <Text fw={700}>{t('payments.invoice.total')}</Text>
            <Text fw={700} data-testid="invoice-total">
              {money(inv.total_minor)}
            </Text>
          </Group>
          {inv.paid_minor > 0 && (
            <>
              <Group justify="space-between">
                <Text>{t('payments.invoice.paid')}</Text>
                <Text>{money(inv.paid_minor)}</Text>
              </Group>
              <Group justify="space-between">
                <Text fw={600}>{t('payments.invoice.balance')}</Text>
                <Text fw={600}>{money(inv.balance_minor)}</Text>
              </Group>
            </>
          )}
        </Stack>
        {inv.notes && <Text style={{ whiteSpace: 'pre-line' }}>{inv.notes}</Text>}
        {/* A paid invoice asks for nothing more: no payment details. */}
        {method && inv.status !== 'paid' && (
          <Box className="invoice-pay">
            <Text fw={600}>{t('payments.invoice.howToPay')}</Text>
            <Text size="sm">{method.label}</Text>
            <MethodDetails method={method} t={t} currency={inv.currency} />
            {inv.number && (
              <Text size="sm" mt="xs">
                {t('payments.invoice.reference', { number: inv.number })}
              </Text>
            )}
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
