import { IconPackages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { PageFrame } from '@/components/page-frame';

/** /inventory: page frame until the feature lands; no made-up data. */
export default function InventoryPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('nav.inventory')} description={t('pages.inventory.description')}>
      <ComingSoon icon={IconPackages} text={t('pages.inventory.empty')} />
    </PageFrame>
  );
}
