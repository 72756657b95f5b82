import { IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { PageFrame } from '@/components/page-frame';

/** /faq: page frame until the feature lands; no made-up data. */
export default function FaqPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('nav.faq')} description={t('pages.faq.description')}>
      <ComingSoon icon={IconHelpCircle} text={t('pages.faq.empty')} />
    </PageFrame>
  );
}
