import { IconCalendarStats } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { PageFrame } from '@/components/page-frame';

/** /production/production-daily: page frame until the feature lands; no made-up data. */
export default function ProductionDailyPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('nav.productionDaily')} description={t('pages.productionDaily.description')}>
      <ComingSoon icon={IconCalendarStats} text={t('pages.productionDaily.empty')} />
    </PageFrame>
  );
}
