import { Autocomplete, Button, Group, NumberInput, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFacets } from '../api/get-facets';
import { useCreateItem, useUpdateItem } from '../api/mutations';
import { ITEM_KINDS, type Item } from '../api/types';
import { useInventoryToasts } from '../lib/use-toasts';

export interface ItemFormProps {
  /** The item to edit; a new item when absent. */
  item?: Item;
  onDone: () => void;
}

/** Create or edit an item: SKU, name, kind, unit, category, location, reorder level, notes. */
export function ItemForm({ item, onDone }: ItemFormProps) {
  const { t } = useTranslation();
  const toasts = useInventoryToasts();
  const facets = useFacets().data;
  const [v, setV] = useState({
    sku: item?.sku ?? '',
    name: item?.name ?? '',
    kind: item?.kind ?? 'raw_material',
    unit: item?.unit ?? '',
    category: item?.category ?? '',
    location: item?.location ?? '',
    reorder_level: (item?.reorder_level ?? 0) as number | string,
    notes: item?.notes ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateItem();
  const update = useUpdateItem();
  const set = (k: keyof typeof v) => (value: string | number | null) => setV((s) => ({ ...s, [k]: value ?? '' }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!v.sku.trim()) errs.sku = t('inventory.validation.required');
    else if (/\s/.test(v.sku.trim())) errs.sku = t('inventory.validation.noSpaces');
    if (!v.name.trim()) errs.name = t('inventory.validation.required');
    if (!v.unit.trim()) errs.unit = t('inventory.validation.required');
    setErrors(errs);
    if (Object.keys(errs).length) return;
    const input = { ...v, reorder_level: typeof v.reorder_level === 'number' ? v.reorder_level : 0 };
    const onError = (err: unknown) => toasts.fail(err);
    if (item) {
      update.mutate(
        { id: item.id, ...input },
        { onSuccess: (it) => (toasts.ok(t('inventory.toast.itemSaved', { name: it.name })), onDone()), onError },
      );
    } else {
      create.mutate(input, { onSuccess: (it) => (toasts.ok(t('inventory.toast.itemCreated', { name: it.name })), onDone()), onError });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput label={t('inventory.fields.sku')} value={v.sku} onChange={(e) => set('sku')(e.currentTarget.value)} required maxLength={64} error={errors.sku} data-autofocus />
          <Select
            label={t('inventory.fields.kind')}
            value={v.kind}
            onChange={set('kind')}
            allowDeselect={false}
            data={ITEM_KINDS.map((k) => ({ value: k, label: t(`inventory.kinds.${k}`) }))}
          />
        </Group>
        <TextInput label={t('inventory.fields.name')} value={v.name} onChange={(e) => set('name')(e.currentTarget.value)} required maxLength={200} error={errors.name} />
        <Group grow align="flex-start">
          <Autocomplete label={t('inventory.fields.unit')} placeholder={t('inventory.itemForm.unitPlaceholder')} value={v.unit} onChange={set('unit')} data={facets?.units ?? []} required maxLength={20} error={errors.unit} />
          <NumberInput label={t('inventory.fields.reorderLevel')} description={t('inventory.itemForm.reorderHint')} value={v.reorder_level} onChange={set('reorder_level')} min={0} decimalScale={3} />
        </Group>
        <Group grow align="flex-start">
          <Autocomplete label={t('inventory.fields.category')} value={v.category} onChange={set('category')} data={facets?.categories ?? []} maxLength={100} />
          <Autocomplete label={t('inventory.fields.location')} value={v.location} onChange={set('location')} data={facets?.locations ?? []} maxLength={100} />
        </Group>
        <Textarea label={t('inventory.fields.notes')} value={v.notes} onChange={(e) => set('notes')(e.currentTarget.value)} autosize minRows={2} maxLength={2000} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('inventory.actions.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {item ? t('inventory.actions.save') : t('inventory.actions.createItem')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
