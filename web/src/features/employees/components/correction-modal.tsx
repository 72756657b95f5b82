import { Button, Group, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import type { Punch } from '../api/types';
import { useCorrection } from '../api/time';
import { formatPunch, toZoneInput } from '../lib/time';

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
  const [kind, setKind] = useState<'in' | 'out'>(target.type === 'add' ? target.kind : 'in');
  const [at, setAt] = useState(
    target.type === 'edit' ? toZoneInput(target.punch.at, timeZone) : target.type === 'add' ? toZoneInput(new Date().toISOString(), timeZone) : '',
  );
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ at?: string; reason?: string }>({});

  const title =
    target.type === 'add'
      ? t('employees.addPunchTitle', { name: target.name })
      : target.type === 'edit'
        ? t('employees.editPunchTitle', { name: target.name })
        : t('employees.voidPunchTitle', { name: target.name });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const errs: { at?: string; reason?: string } = {};
    if (target.type !== 'void' && !at) errs.at = t('employees.required');
    if (!reason.trim()) errs.reason = t('employees.reasonRequired');
    setErrors(errs);
    if (errs.at || errs.reason) return;
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
      <form onSubmit={submit} noValidate>
        <Stack>
          {target.type !== 'add' && (
            <Text size="sm">
              {target.punch.kind === 'in' ? t('employees.kindIn') : t('employees.kindOut')}: {formatPunch(target.punch.at, i18n.language, timeZone)}
            </Text>
          )}
          {target.type === 'add' && (
            <SegmentedControl
              aria-label={t('employees.kind')}
              value={kind}
              onChange={(v) => setKind(v as 'in' | 'out')}
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
              value={at}
              onChange={(e) => setAt(e.currentTarget.value)}
              error={errors.at}
              required
            />
          )}
          <Textarea label={t('employees.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={errors.reason} required autosize minRows={2} maxLength={500} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('employees.cancel')}
            </Button>
            <Button type="submit" color={target.type === 'void' ? 'red' : undefined} loading={correction.isPending}>
              {target.type === 'void' ? t('employees.void') : t('employees.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
