import { Alert, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ApiError } from '@/lib/api';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import type { Punch } from '../api/types';
import { useCorrection } from '../api/time';
import { formatPunch, toZoneInput } from '../lib/time';
import { FormActions } from '@/components/form-actions';
import { GuardedModal } from '@/components/guarded-modal';

export type CorrectionTarget =
  /** at: the time to propose (a forgotten shift's likely end), else now. */
  | { type: 'add'; employeeId: number; name: string; kind: 'in' | 'out'; at?: string | null }
  | { type: 'edit'; punch: Pick<Punch, 'id' | 'kind' | 'at'>; name: string }
  | { type: 'void'; punch: Punch; name: string };

/**
 * Add a missing punch, change a punch's time or void it, always with a reason. Times are
 * the organisation's wall clock (the server reads them in its zone).
 */
export function CorrectionModal({ target, timeZone, onClose }: { target: CorrectionTarget; timeZone: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const correction = useCorrection();
  const form = useForm({
    initialValues: {
      kind: (target.type === 'add' ? target.kind : 'in') as 'in' | 'out',
      at:
        target.type === 'edit'
          ? toZoneInput(target.punch.at, timeZone)
          : target.type === 'add'
            ? toZoneInput(target.at ?? new Date().toISOString(), timeZone)
            : '',
      reason: '',
    },
    validate: {
      at: (v) => (target.type === 'void' || v ? null : t('employees.required')),
      reason: (v) => (v.trim() ? null : t('employees.reasonRequired')),
    },
  });

  const title =
    target.type === 'add'
      ? t('employees.addPunchTitle', { name: target.name })
      : target.type === 'edit'
        ? t('employees.editPunchTitle', { name: target.name })
        : t('employees.voidPunchTitle', { name: target.name });

  // A shift over the organisation's maximum, refused until confirmed: the refusal, for the same values.
  const [tooLong, setTooLong] = useState<{ error: unknown; values: typeof form.values } | null>(null);

  async function submit(values: typeof form.values, allowLong = false) {
    const { kind, at, reason } = values;
    try {
      if (target.type === 'add') await correction.mutateAsync({ type: 'add', employeeId: target.employeeId, kind, at, reason, allowLong });
      else if (target.type === 'edit') await correction.mutateAsync({ type: 'edit', punchId: target.punch.id, at, reason, allowLong });
      else await correction.mutateAsync({ type: 'void', punchId: target.punch.id, reason });
      void notify('success', t('employees.corrected'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.body?.code === 'timeclock.shift_too_long') setTooLong({ error: err, values });
      else void notify('danger', errorMessage(err, t));
    }
  }

  return (
    <GuardedModal dirty={form.isDirty()} opened onClose={onClose} title={title} centered>
      <form
        onSubmit={form.onSubmit((values) => {
          // Confirming the long shift saves the values it was refused for; a changed time is judged again.
          const confirmed = tooLong !== null && JSON.stringify(tooLong.values) === JSON.stringify(values);
          setTooLong(null);
          void submit(values, confirmed);
        })}
        noValidate
      >
        <Stack>
          {target.type !== 'add' && (
            <Text size="sm">
              {target.punch.kind === 'in' ? t('employees.kindIn') : t('employees.kindOut')}: {formatPunch(target.punch.at, i18n.language, timeZone)}
            </Text>
          )}
          {target.type === 'add' && (
            <SegmentedControl
              aria-label={t('employees.kind')}
              {...form.getInputProps('kind')}
              data={[
                { value: 'in', label: t('employees.kindIn') },
                { value: 'out', label: t('employees.kindOut') },
              ]}
            />
          )}
          {target.type !== 'void' && (
            <TextInput
              type="datetime-local"
              label={t('employees.time')}
              description={t('employees.timeZoneNote', { zone: timeZone })}
              {...form.getInputProps('at')}
              required
            />
          )}
          <Textarea label={t('employees.reason')} {...form.getInputProps('reason')} required autosize minRows={2} maxLength={500} data-autofocus />
          {tooLong && (
            <Alert color="orange" role="alert" title={t('employees.longShiftTitle')}>
              {errorMessage(tooLong.error, t)}
            </Alert>
          )}
          <FormActions
            onCancel={onClose}
            cancelLabel={t('employees.cancel')}
            submitLabel={target.type === 'void' ? t('employees.void') : tooLong ? t('employees.saveLongShift') : t('employees.save')}
            color={target.type === 'void' ? 'red' : tooLong ? 'orange' : undefined}
            loading={correction.isPending}
          />
        </Stack>
      </form>
    </GuardedModal>
  );
}
