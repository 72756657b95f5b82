import { Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import type { Punch } from '../api/types';
import { useCorrection } from '../api/time';
import { formatPunch, toZoneInput } from '../lib/time';
import { FormActions } from '@/components/form-actions';

export type CorrectionTarget =
  | { type: 'add'; employeeId: number; name: string; kind: 'in' | 'out' }
  | { type: 'edit'; punch: Punch; name: string }
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
      at: target.type === 'edit' ? toZoneInput(target.punch.at, timeZone) : target.type === 'add' ? toZoneInput(new Date().toISOString(), timeZone) : '',
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

  async function submit({ kind, at, reason }: typeof form.values) {
    try {
      if (target.type === 'add') await correction.mutateAsync({ type: 'add', employeeId: target.employeeId, kind, at, reason });
      else if (target.type === 'edit') await correction.mutateAsync({ type: 'edit', punchId: target.punch.id, at, reason });
      else await correction.mutateAsync({ type: 'void', punchId: target.punch.id, reason });
      void notify('success', t('employees.corrected'));
      onClose();
    } catch (err) {
      void notify('danger', errorMessage(err, t));
    }
  }

  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
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
          <FormActions
            onCancel={onClose}
            cancelLabel={t('employees.cancel')}
            submitLabel={target.type === 'void' ? t('employees.void') : t('employees.save')}
            color={target.type === 'void' ? 'red' : undefined}
            loading={correction.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
