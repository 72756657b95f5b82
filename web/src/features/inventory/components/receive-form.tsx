import { Button, Group, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useReceiveBatch, useRecordMove, type ReceiveInput } from '../api/mutations';
import { SOURCE_TYPES, type Batch, type Item } from '../api/types';
import { formatQty } from '../lib/format';
import { useInventoryToasts } from '../lib/use-toasts';
import { useOrgToday } from '../lib/use-org-today';
import { DateField } from '@/components/date-field';
import { unitName } from '@/lib/units';
import { useChangedSinceOpen, useGuardedCancel, useUnsavedChanges } from '@/components/guarded-modal';
import { formatQuantity } from '@/lib/units';

export interface ReceiveFormProps {
  item: Item;
  /** Receive into this batch (else a new batch). */
  batch?: Batch;
  onDone: () => void;
}

/** Receive stock: as a new batch (code, dates, source) or into an existing batch. */
export function ReceiveForm({ item, batch, onDone }: ReceiveFormProps) {
  const { t, i18n } = useTranslation();
  const { today } = useOrgToday();
  const toasts = useInventoryToasts();
  const [mode, setMode] = useState<'new' | 'existing'>(batch ? 'existing' : 'new');
  const [batchId, setBatchId] = useState<string | null>(batch ? String(batch.id) : (item.batches[0] ? String(item.batches[0].id) : null));
  const [quantity, setQuantity] = useState<number | string>('');
  const [code, setCode] = useState('');
  const [receivedAt, setReceivedAt] = useState<string | null>(today);
  const [expiresAt, setExpiresAt] = useState<string | null>(null);
  const [source, setSource] = useState('');
  const [sourceType, setSourceType] = useState<string | null>(item.kind === 'finished_good' ? 'production' : 'supplier');
  const [note, setNote] = useState('');
  const [qtyError, setQtyError] = useState<string>();
  const receive = useReceiveBatch();
  const move = useRecordMove();
  const pending = receive.isPending || move.isPending;
  useUnsavedChanges(useChangedSinceOpen({ mode, batchId, quantity, code, receivedAt, expiresAt, source, sourceType, note }));
  const cancel = useGuardedCancel(onDone);
  const batches = batch && !item.batches.some((b) => b.id === batch.id) ? [batch, ...item.batches] : item.batches;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = typeof quantity === 'number' ? quantity : Number.NaN;
    if (!(q > 0)) {
      setQtyError(t('inventory.validation.positive'));
      return;
    }
    setQtyError(undefined);
    const done = (code: string) => {
      toasts.ok(t('inventory.toast.received', { qty: formatQuantity(q, item.unit, t, i18n.language), code }));
      onDone();
    };
    if (mode === 'new') {
      receive.mutate(
        {
          itemId: item.id,
          quantity: q,
          code: code.trim() || undefined,
          received_at: receivedAt ?? undefined,
          expires_at: expiresAt ?? undefined,
          source: source.trim(),
          source_type: (sourceType ?? '') as ReceiveInput['source_type'],
          note: note.trim(),
        },
        { onSuccess: (b) => done(b.code), onError: toasts.fail },
      );
    } else {
      const target = batches.find((b) => String(b.id) === batchId);
      if (!target) return;
      move.mutate(
        { batch_id: target.id, reason: 'receive', quantity: q, note: note.trim() },
        { onSuccess: () => done(target.code), onError: toasts.fail },
      );
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {batches.length > 0 && (
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v as 'new' | 'existing')}
            data={[
              { value: 'new', label: t('inventory.receive.newBatch') },
              { value: 'existing', label: t('inventory.receive.existingBatch') },
            ]}
          />
        )}
        {mode === 'existing' && (
          <Select
            label={t('inventory.fields.batch')}
            value={batchId}
            onChange={setBatchId}
            allowDeselect={false}
            data={batches.map((b) => ({
              value: String(b.id),
              label: `${b.code} (${formatQty(b.on_hand, i18n.language)} ${unitName(item.unit, t, b.on_hand)})`,
            }))}
          />
        )}
        <NumberInput
          label={t('inventory.fields.quantityIn', { unit: unitName(item.unit, t) })}
          value={quantity}
          onChange={setQuantity}
          min={0}
          decimalScale={3}
          required
          data-autofocus
          error={qtyError}
        />
        {mode === 'new' && (
          <>
            <TextInput
              label={t('inventory.fields.code')}
              description={t('inventory.receive.codeHint')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              maxLength={64}
            />
            <Group grow align="flex-start">
              <DateField label={t('inventory.fields.receivedAt')} value={receivedAt} onChange={setReceivedAt} required />
              <DateField
                label={t('inventory.fields.expiresAt')}
                value={expiresAt}
                onChange={setExpiresAt}
                clearable
                minDate={receivedAt ?? undefined}
              />
            </Group>
            <Group grow align="flex-start">
              <TextInput
                label={t('inventory.fields.source')}
                value={source}
                onChange={(e) => setSource(e.currentTarget.value)}
                maxLength={100}
              />
              <Select
                label={t('inventory.fields.sourceType')}
                value={sourceType}
                onChange={setSourceType}
                data={SOURCE_TYPES.map((s) => ({ value: s, label: t(`inventory.sourceTypes.${s}`) }))}
              />
            </Group>
          </>
        )}
        <TextInput label={t('inventory.fields.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} />
        {mode === 'existing' && <Text size="sm" c="dimmed">{t('inventory.receive.existingHint')}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
            {t('inventory.actions.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('inventory.receive.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
