import { IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { PageFrame } from '@/components/page-frame';

/** /shipping-log: page frame until the feature lands; no made-up data. */
export default function ShippingLogPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('nav.shippingLog')} description={t('pages.shippingLog.description')}>
      <ComingSoon icon={IconTruckDelivery} text={t('pages.shippingLog.empty')} />
    </PageFrame>
  );
}
