import { IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { PageFrame } from '@/components/page-frame';

/** /docs: page frame until the feature lands; no made-up data. */
export default function DocsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('nav.docs')} description={t('pages.docs.description')}>
      <ComingSoon icon={IconFileText} text={t('pages.docs.empty')} />
    </PageFrame>
  );
}
