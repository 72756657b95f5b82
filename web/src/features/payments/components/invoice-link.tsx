import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { IconRefresh, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyLink } from '@/components/copy-link';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { usePublicSettings } from '@/lib/public-settings';
import { useNewInvoiceLink, type Invoice } from '../api/invoices';

/**
 * A sent invoice's link to the client: when it was mailed and first opened; revoked once void. The server keeps
 * only the hash of the link's token, so the link itself shows only right after it is made: by sending (`made`,
 * from the send's answer) or by "New link", which replaces the old link (after a confirmation) and shows the new one.
 * An invoice never mailed says why when the reason is that the server has no mail server (the send's answer says
 * `logged`, or the server says mail is not configured): then copying the link is the only way it reaches the client.
 */
export function InvoiceLink({ invoice: inv, made }: { invoice: Invoice; made?: { path: string; mail: Invoice['mail'] } | null }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const when = (v: string) => formatDateTime(v, lng);
  const renew = useNewInvoiceLink();
  const mailConfigured = usePublicSettings().data?.mail_configured;
  const [renewed, setRenewed] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const path = renewed ?? made?.path ?? null;
  const url = path ? `${window.location.origin}${path}` : null;
  const makeLink = () =>
    renew.mutate(inv.id, {
      onSuccess: (r) => {
        setRenewed(r.public_path);
        setConfirming(false);
        notify('success', t('payments.invoice.link.renewed'));
      },
      onError: (err) => void notify('danger', errorMessage(err, t), t('payments.failed')),
    });
  const onlyLogged = made?.mail === 'logged' || (!inv.mailed_at && mailConfigured === false);
  const mailed = inv.mailed_at
    ? t('payments.invoice.link.mailed', { email: inv.bill_to.email, date: when(inv.mailed_at) })
    : onlyLogged
      ? t('payments.invoice.link.notConfigured')
      : t('payments.invoice.link.notMailed');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="invoice-link" data-testid="invoice-link">
      <Stack gap={6}>
        <Title order={3} size="h5" id="invoice-link">
          {t('payments.invoice.link.title')}
        </Title>
        <Text size="sm" data-testid="invoice-mailed" fw={onlyLogged ? 500 : undefined}>
          {mailed}
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
            <CopyLink url={url} label={t('payments.invoice.link.linkLabel')} testId="invoice-public-url" />
            <Group gap="xs" wrap="wrap">
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
