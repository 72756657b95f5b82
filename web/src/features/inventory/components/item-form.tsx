import { Autocomplete, Button, Group, NumberInput, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useFacets } from '../api/get-facets';
import { useCreateItem, useUpdateItem } from '../api/mutations';
import { ITEM_KINDS, type Item, type ItemKind } from '../api/types';
import { useInventoryToasts } from '../lib/use-toasts';
import { startingValues } from '@/lib/form';

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
  const required = (v: string) => (v.trim() ? null : t('inventory.validation.required'));
  const form = useForm({
    initialValues: startingValues(
      { sku: '', name: '', kind: 'raw_material' as ItemKind, unit: '', category: '', location: '', reorder_level: 0 as number | string, notes: '' },
      item,
    ),
    validate: {
      sku: (v) => required(v) ?? (/\s/.test(v.trim()) ? t('inventory.validation.noSpaces') : null),
      name: required,
      unit: required,
    },
  });
  const create = useCreateItem();
  const update = useUpdateItem();

  const submit = (v: typeof form.values) => {
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
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput label={t('inventory.fields.sku')} {...form.getInputProps('sku')} required maxLength={64} data-autofocus />
          <Select
            label={t('inventory.fields.kind')}
            {...form.getInputProps('kind')}
            allowDeselect={false}
            data={ITEM_KINDS.map((k) => ({ value: k, label: t(`inventory.kinds.${k}`) }))}
          />
        </Group>
        <TextInput label={t('inventory.fields.name')} {...form.getInputProps('name')} required maxLength={200} />
        <Group grow align="flex-start">
          <Autocomplete label={t('inventory.fields.unit')} placeholder={t('inventory.itemForm.unitPlaceholder')} {...form.getInputProps('unit')} data={facets?.units ?? []} required maxLength={20} />
          <NumberInput label={t('inventory.fields.reorderLevel')} description={t('inventory.itemForm.reorderHint')} {...form.getInputProps('reorder_level')} min={0} decimalScale={3} />
        </Group>
        <Group grow align="flex-start">
          <Autocomplete label={t('inventory.fields.category')} {...form.getInputProps('category')} data={facets?.categories ?? []} maxLength={100} />
          <Autocomplete label={t('inventory.fields.location')} {...form.getInputProps('location')} data={facets?.locations ?? []} maxLength={100} />
        </Group>
        <Textarea label={t('inventory.fields.notes')} {...form.getInputProps('notes')} autosize minRows={2} maxLength={2000} />
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
