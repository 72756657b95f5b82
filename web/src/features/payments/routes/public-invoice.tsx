import '../strings';
import { Alert, Button, Container, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryProvider } from '@/components/query-provider';
import { ApiError, publicApi } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { InvoiceDocument } from '../components/invoice-document';
import { useInvoiceT } from '../lib/use-invoice-t';

/**
 * /invoice-link/:token: the invoice a client was mailed, print-ready, without signing in
 * (read-only). A voided invoice's link says so instead.
 */
function PublicInvoice() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const q = useQuery({
    queryKey: ['public-invoice', token],
    queryFn: ({ signal }) => publicApi.get('/api/public/invoices/{token}', { path: { token }, signal }),
    retry: false,
  });
  const inv = q.data?.invoice;
  const { it, ilng } = useInvoiceT(inv?.language);
  useDocumentTitle(inv?.number ?? t('payments.invoice.title'));
  if (q.isPending) return <Loader aria-label={t('common.loading')} m="xl" />;
  if (q.isError || !inv) {
    const code = q.error instanceof ApiError ? q.error.body?.code : undefined;
    return (
      <Container size="sm" py="xl">
        <Alert color={code === 'billing.link_void' ? 'orange' : 'red'} variant="light" role="alert" data-testid="public-invoice-error"
          title={code === 'billing.link_void' ? t('payments.publicInvoice.revokedTitle') : t('payments.publicInvoice.unknownTitle')}>
          {errorMessage(q.error, t)}
        </Alert>
      </Container>
    );
  }
  return (
    <Container size="md" py={{ base: 'sm', sm: 'xl' }} px={{ base: 'xs', sm: 'md' }} component="main" id="main">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" className="invoice-actions">
          <Text size="sm" c="dimmed">
            {t('payments.publicInvoice.contact', { email: q.data.support_email })}
          </Text>
          <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
            {t('payments.publicInvoice.print')}
          </Button>
        </Group>
        <InvoiceDocument invoice={inv} method={q.data.primary_method} orgName={q.data.organisation_name} supportEmail={q.data.support_email} t={it} lng={ilng} />
      </Stack>
    </Container>
  );
}

export default function PublicInvoicePage() {
  return (
    <QueryProvider>
      <PublicInvoice />
    </QueryProvider>
  );
}
