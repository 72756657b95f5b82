import '../strings';
import { Button, Chip, Group, Menu, SegmentedControl, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconDownload, IconFileImport, IconPlus, IconSearch } from '@tabler/icons-react';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageFrame } from '@/components/page-frame';
import { PageLoader } from '@/components/page-loader';
import { useFacets } from '../api/get-facets';
import { useWarnings } from '../api/get-warnings';
import { itemListQuery, useItems, type ItemListParams } from '../api/get-items';
import { useUpdateItem } from '../api/mutations';
import { ITEM_KINDS, type Item } from '../api/types';
import { InventoryDialogs, type InventoryDialog } from '../components/dialogs';
import { ItemsTable, PAGE_SIZES } from '../components/items-table';
import { QueryError, showsTable } from '@/components/query-error';
import { WARNING_DAYS, WarningsPanel } from '../components/warnings-panel';
import { formatQty } from '../lib/format';
import { useOrgToday } from '../lib/use-org-today';
import { useInventoryToasts } from '../lib/use-toasts';
import { ScanButton } from '../scan/scan-button';
import type { ItemBatch } from '../api/types';
import type { LabelRef } from '../scan/label-url';
import { downloadCSV, toSearchParams } from '@/lib/api';

const EXPIRY_CHOICES = ['7', '30', '90'];

/** Reads the list's state from the URL, so filters survive reloads and the back button. */
function useListParams(): [ItemListParams, (patch: Partial<ItemListParams>) => void] {
  const [sp, setSp] = useSearchParams();
  const num = (k: string) => (sp.get(k) ? Number(sp.get(k)) : undefined);
  const params: ItemListParams = {
    search: sp.get('search') ?? '',
    kind: sp.get('kind') ?? undefined,
    category: sp.get('category') ?? undefined,
    location: sp.get('location') ?? undefined,
    lowStock: sp.get('low_stock') === 'true',
    expiringWithinDays: num('expiring_within_days') ?? null,
    archived: (sp.get('archived') as ItemListParams['archived']) ?? 'false',
    sort: sp.get('sort') ?? 'name',
    order: sp.get('order') === 'desc' ? 'desc' : 'asc',
    page: num('page') ?? 1,
    pageSize: PAGE_SIZES.includes(num('page_size') ?? 0) ? num('page_size') : 25,
  };
  const update = (patch: Partial<ItemListParams>) => {
    const next = { ...params, page: 1, ...patch };
    setSp(toSearchParams(itemListQuery(next)), { replace: true });
  };
  return [params, update];
}

/** /inventory: items grouped with their batches, warnings, and every stock action. */
export default function InventoryPage() {
  const { t, i18n } = useTranslation();
  const { today } = useOrgToday();
  const toasts = useInventoryToasts();
  const [params, update] = useListParams();
  const [search, setSearch] = useState(params.search ?? '');
  const [debounced] = useDebouncedValue(search, 300);
  const [dialog, setDialog] = useState<InventoryDialog>(null);
  const [expanded, setExpanded] = useState<number[]>([]);
  const facets = useFacets().data;
  const list = useItems(params);
  const warnings = useWarnings(WARNING_DAYS);
  // The first list and warnings decide the page's layout (the warnings above the filters, the
  // table's rows): until both have answered, one placeholder stands for everything under the
  // title, so nothing already on screen is pushed down as they arrive (a phone's layout shift).
  const settling = list.isPending || warnings.isPending;
  const archive = useUpdateItem();
  const navigate = useNavigate();
  /** A scanned label opens its batch; a code several items share is searched for. */
  const openScanned = async (ref: LabelRef, find: () => Promise<ItemBatch[]>): Promise<string | null> => {
    const found = await find();
    if (found.length === 0) return t('inventory.scan.notFound', { code: ref.code });
    if (found.length === 1) void navigate(paths.app.inventoryBatch.getHref(found[0].id));
    else setSearch(ref.code);
    return null;
  };

  useEffect(() => {
    if ((params.search ?? '') !== debounced) update({ search: debounced });
    // Only the debounced text drives the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const sort: DataTableSortStatus<Item> = { columnAccessor: params.sort ?? 'name', direction: params.order ?? 'asc' };
  const [archiving, setArchiving] = useState<{ item: Item; archived: boolean } | null>(null);
  const onArchive = (item: Item, archived: boolean) => setArchiving({ item, archived });
  const confirmArchive = () => {
    if (!archiving) return;
    const { item, archived } = archiving;
    archive.mutate(
      { id: item.id, archived },
      {
        onSuccess: () => {
          setArchiving(null);
          toasts.ok(archived ? t('inventory.toast.archived', { name: item.name }) : t('inventory.toast.restored', { name: item.name }));
        },
        onError: (e) => {
          setArchiving(null);
          toasts.fail(e);
        },
      },
    );
  };
  const exportList = () => {
    const { page: _p, pageSize: _s, ...filters } = params;
    void downloadCSV('/api/inventory/items.csv', itemListQuery(filters)).catch(toasts.fail);
  };
  const exportLedger = () => void downloadCSV('/api/inventory/moves.csv').catch(toasts.fail);

  return (
    <PageFrame
      title={t('inventory.title')}
      description={t('pages.inventory.description')}
      actions={
        <Group gap="xs">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'newItem' })}>
            {t('inventory.actions.newItem')}
          </Button>
          <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setDialog({ kind: 'import' })}>
            {t('inventory.actions.import')}
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} rightSection={<IconChevronDown size={14} aria-hidden />}>
                {t('inventory.actions.export')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={exportList}>{t('inventory.actions.exportList')}</Menu.Item>
              <Menu.Item onClick={exportLedger}>{t('inventory.actions.exportLedger')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      }
    >
      {settling ? (
        <PageLoader />
      ) : (
        <>
          <WarningsPanel
            today={today}
            onShowLow={() => update({ lowStock: true, expiringWithinDays: null })}
            onShowExpiring={() => update({ expiringWithinDays: WARNING_DAYS, lowStock: false, sort: 'name' })}
          />

          <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('inventory.filters.label')}>
            <TextInput
              label={t('inventory.filters.search')}
              placeholder={t('inventory.filters.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={{ base: '100%', sm: 260 }}
              style={{ flexGrow: 0 }}
            />
            <ScanButton title={t('inventory.scan.inventorySearch')} onRead={openScanned} />
            <Select
              label={t('inventory.fields.kind')}
              placeholder={t('inventory.filters.all')}
              clearable
              value={params.kind ?? null}
              onChange={(v) => update({ kind: v ?? undefined })}
              data={ITEM_KINDS.map((k) => ({ value: k, label: t(`inventory.kinds.${k}`) }))}
              w={{ base: '47%', sm: 170 }}
            />
            <Select
              label={t('inventory.fields.category')}
              placeholder={t('inventory.filters.all')}
              clearable
              searchable
              value={params.category ?? null}
              onChange={(v) => update({ category: v ?? undefined })}
              data={facets?.categories ?? []}
              w={{ base: '47%', sm: 160 }}
            />
            <Select
              label={t('inventory.fields.location')}
              placeholder={t('inventory.filters.all')}
              clearable
              searchable
              value={params.location ?? null}
              onChange={(v) => update({ location: v ?? undefined })}
              data={facets?.locations ?? []}
              w={{ base: '47%', sm: 170 }}
            />
            <Select
              label={t('inventory.filters.expiring')}
              placeholder={t('inventory.filters.any')}
              clearable
              value={params.expiringWithinDays != null ? String(params.expiringWithinDays) : null}
              onChange={(v) => update({ expiringWithinDays: v ? Number(v) : null })}
              data={[...new Set([...EXPIRY_CHOICES, ...(params.expiringWithinDays != null ? [String(params.expiringWithinDays)] : [])])].map((d) => ({
                value: d,
                label: t('inventory.filters.withinDays', { count: Number(d), n: formatQty(Number(d), i18n.language) }),
              }))}
              w={{ base: '47%', sm: 170 }}
            />
            <Chip checked={params.lowStock} onChange={(v) => update({ lowStock: v })} color="orange" variant="outline" mb={4}>
              {t('inventory.filters.lowStock')}
            </Chip>
            <SegmentedControl
              aria-label={t('inventory.filters.archived')}
              value={params.archived ?? 'false'}
              onChange={(v) => update({ archived: v as ItemListParams['archived'] })}
              data={[
                { value: 'false', label: t('inventory.filters.active') },
                { value: 'true', label: t('inventory.filters.archivedOnly') },
                { value: 'all', label: t('inventory.filters.all') },
              ]}
            />
          </Group>

          <QueryError query={list} />
          {showsTable(list) && (
            <ItemsTable
              items={list.data?.items ?? []}
              total={list.data?.total ?? 0}
              page={params.page ?? 1}
              pageSize={params.pageSize ?? 25}
              sort={sort}
              fetching={list.isFetching && !list.data}
              today={today}
              expanded={expanded}
              onExpandedChange={setExpanded}
              onPageChange={(page) => update({ page })}
              onPageSizeChange={(pageSize) => update({ pageSize })}
              onSortChange={(s) => update({ sort: String(s.columnAccessor), order: s.direction })}
              open={setDialog}
              onArchive={onArchive}
            />
          )}
        </>
      )}
      <InventoryDialogs dialog={dialog} onClose={() => setDialog(null)} />
      <ConfirmDialog
        opened={archiving !== null}
        title={
          archiving?.archived
            ? t('inventory.archive.title', { name: archiving.item.name })
            : t('inventory.archive.restoreTitle', { name: archiving?.item.name ?? '' })
        }
        body={archiving?.archived ? t('inventory.archive.body') : t('inventory.archive.restoreBody')}
        confirmLabel={archiving?.archived ? t('inventory.actions.archive') : t('inventory.actions.restore')}
        cancelLabel={t('inventory.actions.cancel')}
        color={archiving?.archived ? 'red' : undefined}
        loading={archive.isPending}
        onConfirm={confirmArchive}
        onClose={() => setArchiving(null)}
      />
    </PageFrame>
  );
}
