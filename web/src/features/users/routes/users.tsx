import { IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { PageFrame } from '@/components/page-frame';

/** /users: page frame until the feature lands; no made-up data. */
export default function UsersPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('nav.users')} description={t('pages.users.description')}>
      <ComingSoon icon={IconUserShield} text={t('pages.users.empty')} />
    </PageFrame>
  );
}
