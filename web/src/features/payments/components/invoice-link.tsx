import { Anchor, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { IconLink, IconRefresh, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useNewInvoiceLink, type Invoice } from '../api/invoices';

/**
 * A sent invoice's link to the client: when it was mailed and first opened; revoked once void. The server keeps
 * only the hash of the link's token, so the link itself shows only right after it is made: by sending (`madePath`,
 * from the send's answer) or by "New link", which replaces the old link (after a confirmation) and shows the new one.
 */
export function InvoiceLink({ invoice: inv, madePath }: { invoice: Invoice; madePath?: string | null }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const when = (v: string) => formatDateTime(v, lng);
  const renew = useNewInvoiceLink();
  const [renewed, setRenewed] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const path = renewed ?? madePath ?? null;
  const url = path ? `${window.location.origin}${path}` : null;
  const [copied, setCopied] = useState<string | null>(null);
  const copy = (text: string) => void navigator.clipboard?.writeText(text).then(() => setCopied(text));
  const makeLink = () =>
    renew.mutate(inv.id, {
      onSuccess: (r) => {
        setRenewed(r.public_path);
        setConfirming(false);
        notify('success', t('payments.invoice.link.renewed'));
      },
      onError: (err) => void notify('danger', errorMessage(err, t), t('payments.failed')),
    });
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
        ) : url ? (
          <>
            <Text size="sm" fw={500}>
              {t('payments.invoice.link.shownOnce')}
            </Text>
            <Code block data-testid="invoice-public-url">
              {url}
            </Code>
            <Group gap="xs" wrap="wrap">
              <Button size="xs" variant="default" leftSection={<IconLink size={14} aria-hidden />} onClick={() => copy(url)}>
                {copied === url ? t('payments.invoice.link.copied') : t('payments.invoice.link.copy')}
              </Button>
              <Anchor href={url} target="_blank" rel="noopener" size="sm" data-testid="invoice-public-link">
                <Group gap={4} component="span" wrap="nowrap">
                  <IconWorld size={14} aria-hidden />
                  {t('payments.invoice.link.open')}
                </Group>
              </Anchor>
            </Group>
          </>
        ) : (
          inv.has_link && (
            <>
              <Text size="sm" c="dimmed">
                {t('payments.invoice.link.hidden')}
              </Text>
              <Group gap="xs">
                <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => setConfirming(true)}>
                  {t('payments.invoice.link.renew')}
                </Button>
              </Group>
            </>
          )
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('payments.invoice.link.renewTitle')}
        body={t('payments.invoice.link.renewBody')}
        confirmLabel={t('payments.invoice.link.renewConfirm')}
        cancelLabel={t('common.cancel')}
        loading={renew.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={makeLink}
      />
    </Paper>
  );
}
