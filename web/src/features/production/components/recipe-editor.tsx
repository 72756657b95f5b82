import { ActionIcon, Alert, Badge, Button, Group, NumberInput, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useComponentItems, useRecipeVersions, useSaveRecipe } from '../api/recipes';
import type { Recipe } from '../api/types';
import { formatQty, productionError } from '../lib/format';
import { formatDateTime } from '@/lib/format';
import { ListTable } from '@/components/list-table';
import { formatQuantity, unitName } from '@/lib/units';

interface Row {
  key: number;
  itemId: string | null;
  quantity: number | string; // a string while typed ('0.', '')
}

let nextKey = 1;
const rowsOf = (r: Recipe | undefined): Row[] =>
  r ? r.components.map((c) => ({ key: nextKey++, itemId: String(c.item_id), quantity: c.quantity })) : [{ key: nextKey++, itemId: null, quantity: '' }];

/** Quantities are exact thousandths. */
const exact = (q: number) => Math.round(q * 1000) === q * 1000 || Math.abs(Math.round(q * 1000) - q * 1000) < 1e-6;

/** The form over the version in force: components (raw materials, packaging, other finished goods) and quantities per unit. */
function RecipeForm({ itemId, current }: { itemId: number; current: Recipe | undefined }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const items = useComponentItems();
  const save = useSaveRecipe(itemId);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(current));
  const [saved, setSaved] = useState<number | null>(null);
  const options = (items.data ?? []).filter((it) => it.id !== itemId).map((it) => ({ value: String(it.id), label: `${it.name} (${it.sku}) · ${unitName(it.unit, t)}` }));
  const chosen = rows.map((r) => r.itemId);
  const valid =
    rows.length > 0 &&
    rows.every((r) => r.itemId && typeof r.quantity === 'number' && r.quantity > 0 && exact(r.quantity)) &&
    new Set(chosen).size === chosen.length;
  const set = (key: number, patch: Partial<Row>) => {
    setSaved(null);
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) return;
        save.mutate(
          { components: rows.map((r) => ({ item_id: Number(r.itemId), quantity: r.quantity as number })) },
          { onSuccess: (r) => setSaved(r.version) },
        );
      }}
    >
      <Stack gap="sm">
        <ListTable
          fz={undefined}
          minWidth={460}
          aria-label={t('production.recipe.components')}
          verticalSpacing={4}
          columns={[t('production.recipe.component'), t('production.recipe.perUnit'), '']}
        >
          {rows.map((r, i) => (
            <Table.Tr key={r.key}>
              <Table.Td>
                <Select
                  aria-label={t('production.recipe.componentN', { n: i + 1 })}
                  placeholder={t('production.recipe.choose')}
                  data={options.filter((o) => o.value === r.itemId || !chosen.includes(o.value))}
                  value={r.itemId}
                  onChange={(v) => set(r.key, { itemId: v })}
                  searchable
                  nothingFoundMessage={t('production.recipe.noItems')}
                  size="xs"
                  miw={220}
                />
              </Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={t('production.recipe.quantityN', { n: i + 1 })}
                  value={r.quantity}
                  onChange={(v) => set(r.key, { quantity: v })}
                  min={0}
                  decimalScale={3}
                  allowNegative={false}
                  size="xs"
                  w={130}
                />
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('production.recipe.remove', { n: i + 1 })}
                  disabled={rows.length === 1}
                  onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
        <Group justify="space-between">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setRows((rs) => [...rs, { key: nextKey++, itemId: null, quantity: '' }])}
          >
            {t('production.recipe.add')}
          </Button>
          <Button type="submit" disabled={!valid} loading={save.isPending}>
            {t('production.recipe.save')}
          </Button>
        </Group>
        {save.isError && (
          <Alert color="red" role="alert">
            {productionError(save.error, t, lng)}
          </Alert>
        )}
        {saved != null && (
          <Alert color="green" role="status">
            {t('production.recipe.saved', { version: formatQty(saved, lng) })}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

/**
 * A finished good's recipe: the version in force, editable (saving a change makes a new
 * version), and every past version, read-only; `highlight` points out one version.
 */
export function RecipeEditor({ itemId, highlight }: { itemId: number; highlight?: number }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const versions = useRecipeVersions(itemId);
  if (versions.isPending) return <Text>{t('common.loading')}</Text>;
  if (versions.isError) return <Alert color="red">{productionError(versions.error, t, lng)}</Alert>;
  const [current, ...past] = versions.data;
  return (
    <Stack gap="md" data-testid="recipe-editor">
      <Group gap="xs">
        <Title order={3} size="h5">
          {current ? t('production.recipe.current', { version: formatQty(current.version, lng) }) : t('production.recipe.none')}
        </Title>
      </Group>
      <RecipeForm key={current?.version ?? 0} itemId={itemId} current={current} />
      {past.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby={`recipe-history-${itemId}`}>
          <Title order={3} size="h5" id={`recipe-history-${itemId}`}>
            {t('production.recipe.history')}
          </Title>
          {past.map((v) => (
            <Stack key={v.version} gap={2} data-testid={`recipe-version-${v.version}`}>
              <Group gap="xs">
                <Badge variant={v.version === highlight ? 'filled' : 'light'} color={v.version === highlight ? 'primary' : 'gray'} data-highlighted={v.version === highlight || undefined}>
                  {t('production.recipe.version', { version: formatQty(v.version, lng) })}
                </Badge>
                <Text size="xs" c="dimmed">
                  {formatDateTime(v.created_at, lng)}
                </Text>
              </Group>
              <Text size="sm">
                {v.components.map((c) => t('production.recipe.line', { name: c.name, quantity: formatQuantity(c.quantity, c.unit ?? '', t, lng) })).join(' · ')}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
