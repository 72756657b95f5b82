import '../strings';
import { Alert, Button, Group, Loader, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconArrowBack, IconCash, IconEdit, IconPrinter, IconSend, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/config/paths';
import { LANGUAGE_INFO, languageOf } from '@/i18n/languages';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useOrgCurrency } from '../api/currency';
import { useInvoiceStep, usePrintableInvoice, type Invoice } from '../api/invoices';
import { InvoiceDocument } from '../components/invoice-document';
import { InvoiceForm } from '../components/invoice-form';
import { InvoiceLink } from '../components/invoice-link';
import { useInvoiceT } from '../lib/use-invoice-t';
import { PaymentForm } from '../components/payment-form';
import { StatusBadge } from '../components/status-badge';
import { formatDay, formatMoney } from '../lib/money';
import { useRecordCrumb } from '@/lib/use-document-title';

/** /payments/billing/:id (admin): an invoice as printed, its actions and its payments. */
export default function InvoicePage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const q = usePrintableInvoice(id);
  const currency = useOrgCurrency();
  const step = useInvoiceStep();
  const [dialog, setDialog] = useState<'send' | 'void' | 'edit' | 'pay' | null>(null);
  const [reason, setReason] = useState('');
  // The link sending made: its path is in the send's answer only (the server keeps its token's hash), with
  // whether its mail went to a mail server or only to the server's log.
  const [made, setMade] = useState<{ id: number; path: string; mail: Invoice['mail'] } | null>(null);
  const inv = q.data?.invoice;
  const { it, ilng } = useInvoiceT(inv?.language);
  const fail = (err: unknown) => void notify('danger', errorMessage(err, t), t('payments.failed'));
  const close = () => setDialog(null);
  useRecordCrumb(inv ? (inv.number ?? t('payments.invoice.draftTitle')) : null);

  if (q.isPending) return <Loader aria-label={t('common.loading')} />;
  if (q.isError || !inv) {
    return (
      <Alert color="red" variant="light" role="alert">
        {q.isError ? errorMessage(q.error, t) : t('payments.invoice.notFound')}
      </Alert>
    );
  }
  const title = inv.number ?? t('payments.invoice.draftTitle');
  const run = (s: 'send' | 'void' | 'reissue', done: (r: Invoice) => void) =>
    step.mutate({ id: inv.id, step: s, reason }, {
        onSuccess: (r) => {
          done(r);
          close();
        },
        onError: fail,
      });

  return (
    <PageFrame
      title={title}
      description={inv.bill_to.name}
      actions={
        <Group gap="xs" className="invoice-actions">
          <Button component={Link} to={paths.app.payments.billing.path} variant="subtle" leftSection={<IconArrowBack size={16} aria-hidden />}>
            {t('payments.invoice.back')}
          </Button>
          {inv.status === 'draft' && (
            <>
              <Button variant="default" leftSection={<IconEdit size={16} aria-hidden />} onClick={() => setDialog('edit')}>
                {t('payments.invoice.actions.edit')}
              </Button>
              <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => setDialog('send')}>
                {t('payments.invoice.actions.send')}
              </Button>
            </>
          )}
          {inv.status === 'sent' && (
            <Button leftSection={<IconCash size={16} aria-hidden />} onClick={() => setDialog('pay')}>
              {t('payments.invoice.actions.recordPayment')}
            </Button>
          )}
          {(inv.status === 'draft' || (inv.status === 'sent' && inv.paid_minor === 0)) && (
            <Button variant="default" color="red" leftSection={<IconX size={16} aria-hidden />} onClick={() => setDialog('void')}>
              {t('payments.invoice.actions.void')}
            </Button>
          )}
          {inv.status === 'void' && (
            <Button
              variant="default"
              loading={step.isPending}
              onClick={() =>
                run('reissue', (r) => {
                  notify('success', t('payments.invoice.reissued'));
                  void navigate(paths.app.payments.invoice.getHref(r.id));
                })
              }
            >
              {t('payments.invoice.actions.reissue')}
            </Button>
          )}
          <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
            {t('payments.invoice.actions.print')}
          </Button>
        </Group>
      }
    >
      <Stack>
        <Group gap="sm">
          <StatusBadge status={inv.status} overdue={inv.overdue} t={t} />
          <Text size="sm" c="dimmed">
            {t('payments.invoice.printLanguage', { language: LANGUAGE_INFO[languageOf(inv.language)].nativeName })}
          </Text>
        </Group>
        {inv.status !== 'draft' && <InvoiceLink key={inv.id} invoice={inv} made={made?.id === inv.id ? made : null} />}
        <InvoiceDocument invoice={inv} method={q.data.primary_method} orgName={q.data.organisation_name} supportEmail={q.data.support_email} t={it} lng={ilng} />
        {inv.status !== 'draft' && (
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="invoice-payments">
            <Title order={3} size="h5" id="invoice-payments" mb="sm">
              {t('payments.invoice.payments')}
            </Title>
            {inv.payments.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('payments.invoice.noPayments')}
              </Text>
            ) : (
              <Table>
                <Table.Tbody>
                  {inv.payments.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>{t('payments.invoice.paidOnBy', { date: formatDay(p.paid_on, lng), method: p.method_label || '—' })}</Table.Td>
                      <Table.Td>{p.note}</Table.Td>
                      <Table.Td ta="end">{formatMoney(p.amount_minor, inv.currency, lng)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
        )}
      </Stack>
      <ConfirmDialog
        opened={dialog === 'send'}
        title={t('payments.invoice.send.title')}
        body={t('payments.invoice.send.body')}
        confirmLabel={t('payments.invoice.actions.send')}
        cancelLabel={t('common.cancel')}
        loading={step.isPending}
        onClose={close}
        onConfirm={() =>
          run('send', (r) => {
            if (r.public_path) setMade({ id: r.id, path: r.public_path, mail: r.mail });
            notify('success', t('payments.invoice.send.done', { number: r.number ?? '' }));
          })
        }
      />
      <ConfirmDialog
        opened={dialog === 'void'}
        title={t('payments.invoice.void.title')}
        body={<Textarea required data-autofocus label={t('payments.invoice.void.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />}
        confirmLabel={t('payments.invoice.actions.void')}
        cancelLabel={t('common.cancel')}
        color="red"
        loading={step.isPending}
        onClose={close}
        onConfirm={() => run('void', () => notify('success', t('payments.invoice.void.done')))}
      />
      {dialog === 'edit' && (
        <InvoiceForm
          invoice={inv}
          currency={currency}
          onClose={close}
          onError={fail}
          onSaved={() => {
            notify('success', t('payments.form.saved'));
            close();
          }}
        />
      )}
      {dialog === 'pay' && (
        <PaymentForm
          invoice={inv}
          onClose={close}
          onError={fail}
          onSaved={() => {
            notify('success', t('payments.payment.done'));
            close();
          }}
        />
      )}
    </PageFrame>
  );
}
