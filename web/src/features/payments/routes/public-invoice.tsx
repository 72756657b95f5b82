import '../strings';
import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PublicLinkError, PublicPage, usePublicRecord } from '@/components/public-link/public-link';
import { publicApi, type ResponseOf } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { InvoiceDocument } from '../components/invoice-document';
import { useInvoiceT } from '../lib/use-invoice-t';

const loadInvoice = (token: string, signal: AbortSignal) => publicApi.get('/api/public/invoices/{token}', { path: { token }, signal });

const TITLES: Record<string, string> = { 'billing.link_void': 'payments.publicInvoice.revokedTitle' };

/**
 * /invoice-link/:token: the invoice a client was mailed, print-ready, without signing in
 * (read-only). A voided invoice's link says so instead. A page of the light auth.html
 * entry (auth-main.tsx), so a client downloads none of the office app.
 */
export default function PublicInvoicePage({ token }: { token: string }) {
  const { t } = useTranslation();
  const q = usePublicRecord<ResponseOf<'/api/public/invoices/{token}', 'get'>>(token, loadInvoice);
  const data = q?.data;
  const inv = data?.invoice;
  const { it, ilng } = useInvoiceT(inv?.language);
  useDocumentTitle(inv?.number ?? t('payments.invoice.title'));
  if (!q) return <Loader aria-label={t('common.loading')} m="xl" />;
  if (!inv || !data) {
    return <PublicLinkError error={q.error} titles={TITLES} unknownTitle="payments.publicInvoice.unknownTitle" testId="public-invoice-error" />;
  }
  return (
    <PublicPage
      maw={960}
      note={t('payments.publicInvoice.contact', { email: data.support_email })}
      printLabel={t('payments.publicInvoice.print')}
      noPrintClass="invoice-actions"
    >
      <InvoiceDocument invoice={inv} method={data.primary_method} orgName={data.organisation_name} supportEmail={data.support_email} t={it} lng={ilng} />
    </PublicPage>
  );
}
