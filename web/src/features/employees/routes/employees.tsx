import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { PageFrame } from '@/components/page-frame';

/** /employees: page frame until the feature lands; no made-up data. */
export default function EmployeesPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('nav.employees')} description={t('pages.employees.description')}>
      <ComingSoon icon={IconUsersGroup} text={t('pages.employees.empty')} />
    </PageFrame>
  );
}
