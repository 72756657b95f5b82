import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { IconLink, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import type { Invoice } from '../api/invoices';

/** A sent invoice's link to the client: when it was mailed and first opened, the link to copy or open; revoked once void. */
export function InvoiceLink({ invoice: inv }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const when = (v: string) => formatDateTime(v, lng);
  const url = inv.public_path ? `${window.location.origin}${inv.public_path}` : null;
  const [copied, setCopied] = useState(false);
  const copy = (text: string) => void navigator.clipboard?.writeText(text).then(() => setCopied(true));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="invoice-link" data-testid="invoice-link">
      <Stack gap={6}>
        <Title order={3} size="h5" id="invoice-link">
          {t('payments.invoice.link.title')}
        </Title>
        <Text size="sm" data-testid="invoice-mailed">
          {inv.mailed_at ? t('payments.invoice.link.mailed', { email: inv.bill_to.email, date: when(inv.mailed_at) }) : t('payments.invoice.link.notMailed')}
        </Text>
        <Text size="sm" data-testid="invoice-opened" c={inv.link_opened_at ? undefined : 'dimmed'}>
          {inv.link_opened_at ? t('payments.invoice.link.opened', { date: when(inv.link_opened_at) }) : t('payments.invoice.link.notOpened')}
        </Text>
        {inv.status === 'void' ? (
          <Text size="sm" c="red">
            {t('payments.invoice.link.revoked')}
          </Text>
        ) : (
          url && (
            <Group gap="xs" wrap="wrap">
              <Button size="xs" variant="default" leftSection={<IconLink size={14} aria-hidden />} onClick={() => copy(url)}>
                {copied ? t('payments.invoice.link.copied') : t('payments.invoice.link.copy')}
              </Button>
              <Anchor href={url} target="_blank" rel="noopener" size="sm" data-testid="invoice-public-link">
                <Group gap={4} component="span" wrap="nowrap">
                  <IconWorld size={14} aria-hidden />
                  {t('payments.invoice.link.open')}
                </Group>
              </Anchor>
            </Group>
          )
        )}
      </Stack>
    </Paper>
  );
}
