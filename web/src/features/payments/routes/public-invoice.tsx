import '../strings';
import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, publicApi, type ResponseOf } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { InvoiceDocument } from '../components/invoice-document';
import { useInvoiceT } from '../lib/use-invoice-t';

/** GET /api/public/invoices/{token}, once per token (a page of its own: no query cache to share). */
function usePublicInvoice(token: string) {
  const [state, setState] = useState<{ token: string; data?: ResponseOf<'/api/public/invoices/{token}', 'get'>; error?: unknown } | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    publicApi.get('/api/public/invoices/{token}', { path: { token }, signal: ctl.signal }).then(
      (data) => setState({ token, data }),
      (error: unknown) => !ctl.signal.aborted && setState({ token, error }),
    );
    return () => ctl.abort();
  }, [token]);
  const current = state?.token === token ? state : null;
  return { isPending: !current, isError: Boolean(current?.error), error: current?.error, data: current?.data };
}

/**
 * /invoice-link/:token: the invoice a client was mailed, print-ready, without signing in
 * (read-only). A voided invoice's link says so instead. A page of the light auth.html
 * entry (auth-main.tsx), so a client downloads none of the office app.
 */
export default function PublicInvoicePage({ token }: { token: string }) {
  const { t } = useTranslation();
  const q = usePublicInvoice(token);
  const inv = q.data?.invoice;
  const { it, ilng } = useInvoiceT(inv?.language);
  useDocumentTitle(inv?.number ?? t('payments.invoice.title'));
  if (q.isPending) return <Loader aria-label={t('common.loading')} m="xl" />;
  const data = q.data;
  if (q.isError || !inv || !data) {
    const code = q.error instanceof ApiError ? q.error.body?.code : undefined;
    return (
      <Box maw={720} mx="auto" py="xl" px="md">
        <Alert color={code === 'billing.link_void' ? 'orange' : 'red'} variant="light" role="alert" data-testid="public-invoice-error"
          title={code === 'billing.link_void' ? t('payments.publicInvoice.revokedTitle') : t('payments.publicInvoice.unknownTitle')}>
          {errorMessage(q.error, t)}
        </Alert>
      </Box>
    );
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
