import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { PageFrame } from '@/components/page-frame';

/** /payments/payment-methods: page frame until the feature lands; no made-up data. */
export default function PaymentMethodsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('nav.paymentMethods')} description={t('pages.paymentMethods.description')}>
      <ComingSoon icon={IconBuildingBank} text={t('pages.paymentMethods.empty')} />
    </PageFrame>
  );
}
