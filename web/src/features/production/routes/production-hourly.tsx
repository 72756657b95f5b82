import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { PageFrame } from '@/components/page-frame';

/** /production/production-hourly: page frame until the feature lands; no made-up data. */
export default function ProductionHourlyPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('nav.productionHourly')} description={t('pages.productionHourly.description')}>
      <ComingSoon icon={IconClockHour4} text={t('pages.productionHourly.empty')} />
    </PageFrame>
  );
}
