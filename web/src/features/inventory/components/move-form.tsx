import { Alert, Button, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useGuardedCancel, useUnsavedChanges } from '@/components/guarded-modal';
import { useTranslation } from 'react-i18next';
import { useRecordMove } from '../api/mutations';
import type { Batch } from '../api/types';
import { formatChange } from '../lib/format';
import { useInventoryToasts } from '../lib/use-toasts';
import { formatQuantity, unitName } from '@/lib/units';

export interface MoveFormProps {
  mode: 'adjust' | 'count';
  batch: Batch;
  unit: string;
  onDone: () => void;
}

/**
 * Adjust a batch (add or remove, with a reason) or count it (the counted quantity;
 * the difference becomes a count move). Shows the balance it will leave.
 */
export function MoveForm({ mode, batch, unit, onDone }: MoveFormProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const u = (count?: number) => unitName(unit, t, count);
  const q = (value: number, signed = false) => formatQuantity(value, unit, t, lng, { signed });
  const toasts = useInventoryToasts();
  const numberOf = (amount: number | string) => (typeof amount === 'number' ? amount : Number.NaN);
  const form = useForm({
    initialValues: { direction: 'remove' as 'remove' | 'add', amount: '' as number | string, note: '' },
    validate: {
      amount: (amount, { direction }) => {
        const value = numberOf(amount);
        if (mode === 'count') return value >= 0 ? null : t('inventory.validation.zeroOrMore');
        if (!(value > 0)) return t('inventory.validation.positive');
        if (direction === 'remove' && value > batch.on_hand) return t('inventory.validation.notEnough', { qty: q(batch.on_hand) });
        return null;
      },
      note: (note) => (mode === 'adjust' && !note.trim() ? t('inventory.validation.reasonRequired') : null),
    },
  });
  useUnsavedChanges(form.isDirty());
  const cancel = useGuardedCancel(onDone);
  const move = useRecordMove();
  const { direction, note } = form.values;
  const value = numberOf(form.values.amount);
  const change = mode === 'count' ? value - batch.on_hand : direction === 'remove' ? -value : value;
  const after = batch.on_hand + (Number.isFinite(change) ? change : 0);

  const submit = () => {
    move.mutate(
      mode === 'count'
        ? { batch_id: batch.id, reason: 'count', counted: value, note: note.trim() }
        : { batch_id: batch.id, reason: 'adjust', quantity: change, note: note.trim() },
      {
        onSuccess: (m) => {
          toasts.ok(
            mode === 'count'
              ? t('inventory.toast.counted', { code: batch.code, change: q(m.quantity, true) })
              : t('inventory.toast.adjusted', { code: batch.code, change: q(m.quantity, true) }),
          );
          onDone();
        },
        onError: toasts.fail,
      },
    );
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {t('inventory.moveForm.current', { code: batch.code, qty: q(batch.on_hand) })}
        </Text>
        {mode === 'adjust' && (
          <SegmentedControl
            {...form.getInputProps('direction')}
            data={[
              { value: 'remove', label: t('inventory.moveForm.remove') },
              { value: 'add', label: t('inventory.moveForm.add') },
            ]}
          />
        )}
        <NumberInput
          label={mode === 'count' ? t('inventory.fields.counted', { unit: u() }) : t('inventory.fields.quantityIn', { unit: u() })}
          {...form.getInputProps('amount')}
          min={0}
          decimalScale={3}
          required
          data-autofocus
        />
        <TextInput
          label={mode === 'adjust' ? t('inventory.fields.reason') : t('inventory.fields.note')}
          placeholder={mode === 'adjust' ? t('inventory.moveForm.reasonPlaceholder') : undefined}
          {...form.getInputProps('note')}
          required={mode === 'adjust'}
          maxLength={500}
        />
        {Number.isFinite(change) && (
          <Alert color={after < 0 ? 'red' : change < 0 ? 'orange' : 'blue'} variant="light" p="xs">
            {t('inventory.moveForm.preview', { change: formatChange(change, lng), after: q(after) })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
            {t('inventory.actions.cancel')}
          </Button>
          <Button type="submit" loading={move.isPending} color={mode === 'adjust' && direction === 'remove' ? 'red' : undefined}>
            {mode === 'count' ? t('inventory.moveForm.saveCount') : t('inventory.moveForm.saveAdjust')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
