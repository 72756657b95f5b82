import { IconTag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { PageFrame } from '@/components/page-frame';

/** /payments/pricing-plans: page frame until the feature lands; no made-up data. */
export default function PricingPlansPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('nav.pricingPlans')} description={t('pages.pricingPlans.description')}>
      <ComingSoon icon={IconTag} text={t('pages.pricingPlans.empty')} />
    </PageFrame>
  );
}
