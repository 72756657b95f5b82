import { IconTargetArrow } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { PageFrame } from '@/components/page-frame';

/** /projects: page frame until the feature lands; no made-up data. */
export default function ProjectsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('nav.projects')} description={t('pages.projects.description')}>
      <ComingSoon icon={IconTargetArrow} text={t('pages.projects.empty')} />
    </PageFrame>
  );
}
