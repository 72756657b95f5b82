import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useUpdateSettings } from '../api/update-settings';
import { TitledCard } from '@/components/titled-card';
import { loadNamespaces } from '@/i18n';

// Its strings are the settings namespace's (signupSetting).
await loadNamespaces('organisation');


/** A setting that is on or off, saved at once: keys under `strings` name its card's title, label, help and the two notices. */
function SwitchSetting({ field, checked, strings, testId }: {
  field: 'signup_open' | 'allow_planning_ahead';
  checked: boolean;
  strings: { title: string; label: string; help: string; on: string; off: string };
  testId?: string;
}) {
  const { t } = useTranslation();
  const update = useUpdateSettings();
  return (
    <TitledCard title={t(strings.title)}>
      <Switch
        checked={checked}
        disabled={update.isPending}
        data-testid={testId}
        onChange={(e) =>
          update.mutate(
            { [field]: e.currentTarget.checked },
            {
              onSuccess: (s) => void notify('success', s[field] ? t(strings.on) : t(strings.off)),
              onError: (err) => void notify('danger', errorMessage(err, t)),
            },
          )
        }
        label={t(strings.label)}
        description={t(strings.help)}
        size="md"
      />
    </TitledCard>
  );
}

/** Admins: whether anyone may create a staff account without an invitation. */
export function SignupSetting({ open }: { open: boolean }) {
  return (
    <SwitchSetting
      field="signup_open"
      checked={open}
      strings={{ title: 'signupSetting.title', label: 'signupSetting.open', help: 'signupSetting.help', on: 'signupSetting.opened', off: 'signupSetting.closed' }}
    />
  );
}

/** Admins: whether production entries may be written for hours that have not begun yet. */
export function PlanAheadSetting({ allowed }: { allowed: boolean }) {
  const k = 'settings.planAhead.';
  return (
    <SwitchSetting
      field="allow_planning_ahead"
      checked={allowed}
      testId="plan-ahead"
      strings={{ title: `${k}title`, label: `${k}label`, help: `${k}help`, on: `${k}on`, off: `${k}off` }}
    />
  );
}
