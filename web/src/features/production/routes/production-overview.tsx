import { IconChartLine } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { PageFrame } from '@/components/page-frame';

/** /production/production-overview: page frame until the feature lands; no made-up data. */
export default function ProductionOverviewPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('nav.productionOverview')} description={t('pages.productionOverview.description')}>
      <ComingSoon icon={IconChartLine} text={t('pages.productionOverview.empty')} />
    </PageFrame>
  );
}
