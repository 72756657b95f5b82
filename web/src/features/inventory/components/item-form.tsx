import { Autocomplete, Button, Group, NumberInput, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useGuardedCancel, useUnsavedChanges } from '@/components/guarded-modal';
import { useTranslation } from 'react-i18next';
import { useFacets } from '../api/get-facets';
import { useCreateItem, useUpdateItem } from '../api/mutations';
import { ITEM_KINDS, type Item, type ItemKind } from '../api/types';
import { useInventoryToasts } from '../lib/use-toasts';
import { startingValues } from '@/lib/form';
import { usePublicSettings } from '@/lib/public-settings';
import { numberFormat } from '@/lib/format';

/** Minor units per major unit of a currency, as a power of ten (USD 2, JPY 0). */
function currencyDigits(currency: string): number {
  try {
    return numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

export interface ItemFormProps {
  /** The item to edit; a new item when absent. */
  item?: Item;
  onDone: () => void;
}

/**
 * Create or edit an item: SKU, name, kind, unit, category, location, reorder level, notes,
 * and the impact report's figures: servings (meals) per unit and unit cost, typed in the
 * organisation's currency and sent in its minor units (empty: not known).
 */
export function ItemForm({ item, onDone }: ItemFormProps) {
  const { t } = useTranslation();
  const toasts = useInventoryToasts();
  const facets = useFacets().data;
  const currency = usePublicSettings().data?.currency ?? 'USD';
  const digits = currencyDigits(currency);
  const required = (v: string) => (v.trim() ? null : t('inventory.validation.required'));
  const form = useForm({
    initialValues: startingValues(
      {
        sku: '', name: '', kind: 'raw_material' as ItemKind, unit: '', category: '', location: '', reorder_level: 0 as number | string, notes: '',
        servings_per_unit: (item?.servings_per_unit ?? '') as number | string,
        unit_cost: (item?.unit_cost == null ? '' : item.unit_cost / 10 ** digits) as number | string,
        shelf_life_days: (item?.shelf_life_days ?? '') as number | string,
      },
      item ? { ...item, servings_per_unit: undefined, unit_cost: undefined, shelf_life_days: undefined } : undefined,
    ),
    validate: {
      sku: (v) => required(v) ?? (/\s/.test(v.trim()) ? t('inventory.validation.noSpaces') : null),
      name: required,
      unit: required,
    },
  });
  const create = useCreateItem();
  const update = useUpdateItem();
  useUnsavedChanges(form.isDirty());
  const cancel = useGuardedCancel(onDone);

  const submit = (v: typeof form.values) => {
    const input = {
      ...v,
      reorder_level: typeof v.reorder_level === 'number' ? v.reorder_level : 0,
      servings_per_unit: typeof v.servings_per_unit === 'number' ? v.servings_per_unit : null,
      unit_cost: typeof v.unit_cost === 'number' ? Math.round(v.unit_cost * 10 ** digits) : null,
      shelf_life_days: typeof v.shelf_life_days === 'number' ? v.shelf_life_days : null,
    };
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
        <Group grow align="flex-start">
          <NumberInput label={t('inventory.fields.servingsPerUnit')} description={t('inventory.itemForm.servingsHint')} {...form.getInputProps('servings_per_unit')}
            min={1} max={100000} allowDecimal={false} />
          <NumberInput label={t('inventory.fields.unitCost', { currency })} description={t('inventory.itemForm.unitCostHint')} {...form.getInputProps('unit_cost')}
            min={0} decimalScale={digits} />
        </Group>
        {form.values.kind === 'finished_good' && (
          <NumberInput label={t('inventory.fields.shelfLifeDays')} description={t('inventory.itemForm.shelfLifeHint')} {...form.getInputProps('shelf_life_days')}
            min={1} max={3650} allowDecimal={false} />
        )}
        <Textarea label={t('inventory.fields.notes')} {...form.getInputProps('notes')} autosize minRows={2} maxLength={2000} />
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
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
