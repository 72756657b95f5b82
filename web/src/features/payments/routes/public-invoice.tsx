import '../strings';
import { Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PublicLinkError, usePublicRecord } from '@/components/public-link/public-link';
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
    <Box maw={960} mx="auto" py={{ base: 'sm', sm: 'xl' }} px={{ base: 'xs', sm: 'md' }} component="main" id="main">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" className="invoice-actions">
          <Text size="sm" c="dimmed">
            {t('payments.publicInvoice.contact', { email: data.support_email })}
          </Text>
          <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
            {t('payments.publicInvoice.print')}
          </Button>
        </Group>
        <InvoiceDocument invoice={inv} method={data.primary_method} orgName={data.organisation_name} supportEmail={data.support_email} t={it} lng={ilng} />
      </Stack>
    </Box>
  );
}
