import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useUpdateSettings } from '../api/update-settings';
import { TitledCard } from '@/components/titled-card';
import { loadNamespaces } from '@/i18n';

// Its strings are the settings namespace's (signupSetting).
await loadNamespaces('settings');


/** Admins: whether anyone may create a staff account without an invitation; saved at once. */
export function SignupSetting({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateSettings();
  return (
    <TitledCard title={t('signupSetting.title')}>
        <Switch
          checked={open}
          disabled={update.isPending}
          onChange={(e) =>
            update.mutate(
              { signup_open: e.currentTarget.checked },
              {
                onSuccess: (s) => void notify('success', s.signup_open ? t('signupSetting.opened') : t('signupSetting.closed')),
                onError: (err) => void notify('danger', errorMessage(err, t)),
              },
            )
          }
          label={t('signupSetting.open')}
          description={t('signupSetting.help')}
          size="md"
        />
    </TitledCard>
  );
}
