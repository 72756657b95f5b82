import { IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { PageFrame } from '@/components/page-frame';

/** /payments/billing: page frame until the feature lands; no made-up data. */
export default function BillingPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('nav.billing')} description={t('pages.billing.description')}>
      <ComingSoon icon={IconFileInvoice} text={t('pages.billing.empty')} />
    </PageFrame>
  );
}
