import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useReverseMove } from '../api/mutations';
import type { Move } from '../api/types';
import { useInventoryToasts } from '../lib/use-toasts';
import { formatQuantity } from '@/lib/units';

/** Confirms undoing a move: a reversing move with the opposite quantity, with a reason. */
export function UndoForm({ move, unit, onDone }: { move: Move; unit: string; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const toasts = useInventoryToasts();
  const [note, setNote] = useState('');
  const reverse = useReverseMove();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    reverse.mutate(
      { id: move.id, note: note.trim() },
      { onSuccess: () => (toasts.ok(t('inventory.toast.undone')), onDone()), onError: toasts.fail },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Alert color="orange" variant="light">
          {t('inventory.undo.explain', {
            reason: t(`inventory.reasons.${move.reason}`),
            change: formatQuantity(move.quantity, unit, t, i18n.language, { signed: true }),
            undo: formatQuantity(-move.quantity, unit, t, i18n.language, { signed: true }),
          })}
        </Alert>
        <TextInput label={t('inventory.fields.reason')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('inventory.actions.cancel')}
          </Button>
          <Button type="submit" color="orange" loading={reverse.isPending}>
            {t('inventory.undo.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
