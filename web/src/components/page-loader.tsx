import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Full-area spinner while a page or the session check loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" role="status" aria-live="polite" aria-label={t('common.loading')}>
      <Loader type="dots" />
    </Center>
  );
}
