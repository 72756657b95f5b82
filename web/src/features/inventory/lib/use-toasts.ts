import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';

/** Toasts for the inventory's writes: the translated outcome, and the server's reason on failure. */
export function useInventoryToasts() {
  const { t } = useTranslation();
  return {
    ok: (message: string) => void notify('success', message),
    fail: (err: unknown) => void notify('danger', errorMessage(err, t), t('inventory.toast.failed')),
  };
}
