import { ActionIcon, Badge, Group, Menu, Text, Tooltip, useDirection, useMantineTheme, type MantineBreakpoint } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArchive, IconArchiveOff, IconChevronDown, IconChevronLeft, IconChevronRight, IconDotsVertical, IconPackageImport, IconPencil } from '@tabler/icons-react';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { Item } from '../api/types';
import { formatQty } from '../lib/format';
import { BatchesPanel } from './batches-panel';
import type { InventoryDialog } from './dialogs';
import { ServerTable } from '@/components/server-table';
import { unitName } from '@/lib/units';
import { IconAction } from '@/components/icon-action';

export { PAGE_SIZES } from '@/components/server-table';

export interface ItemsTableProps {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
  sort: DataTableSortStatus<Item>;
  fetching: boolean;
  today: string;
  expanded: number[];
  onExpandedChange: (ids: number[]) => void;
  onPageChange: (p: number) => void;
  onPageSizeChange: (s: number) => void;
  onSortChange: (s: DataTableSortStatus<Item>) => void;
  open: (d: InventoryDialog) => void;
  onArchive: (item: Item, archived: boolean) => void;
}

/**
 * Whether the window is at least `bp` wide, read as the table first renders (the datatable's own
 * visibleMediaQuery starts out wide and narrows in an effect): a phone's first table is already
 * its narrow one, not a wide one swapped for it once the rows are there.
 */
function useWide(bp: MantineBreakpoint) {
  const theme = useMantineTheme();
  return useMediaQuery(`(min-width: ${theme.breakpoints[bp]})`, undefined, { getInitialValueInEffect: false });
}

/** Items with their totals; expanding an item shows its batches. Sorting and paging happen on the server. */
export function ItemsTable(p: ItemsTableProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const md = useWide('md');
  const lg = useWide('lg');
  const xl = useWide('xl');
  const { dir } = useDirection();
  const Closed = dir === 'rtl' ? IconChevronLeft : IconChevronRight;
  const toggle = (id: number) =>
    p.onExpandedChange(p.expanded.includes(id) ? p.expanded.filter((x) => x !== id) : [...p.expanded, id]);
  return (
    <ServerTable<Item>
      records={p.items}
      total={p.total}
      fetching={p.fetching}
      label={t('inventory.table.label')}
      empty={t('inventory.table.empty')}
      perPageLabel={t('inventory.table.perPage')}
      rangeKey="inventory.table.range"
      controlsKey="inventory.table"
      page={p.page}
      onPageChange={p.onPageChange}
      pageSize={p.pageSize}
      onPageSizeChange={p.onPageSizeChange}
      sort={p.sort}
      onSortChange={p.onSortChange}
      rowExpansion={{
        trigger: 'never',
        allowMultiple: true,
        expanded: { recordIds: p.expanded, onRecordIdsChange: (ids: unknown[]) => p.onExpandedChange(ids as number[]) },
        content: ({ record }) => <BatchesPanel item={record} today={p.today} open={p.open} />,
      }}
      columns={[
        {
          accessor: 'expand',
          title: '',
          width: 44,
          render: (it) => {
            const open = p.expanded.includes(it.id);
            return (
              <ActionIcon
                variant="subtle"
                aria-expanded={open}
                aria-label={t(open ? 'inventory.table.hideBatches' : 'inventory.table.showBatches', { name: it.name })}
                onClick={() => toggle(it.id)}
              >
                {open ? <IconChevronDown size={16} aria-hidden /> : <Closed size={16} aria-hidden />}
              </ActionIcon>
            );
          },
        },
        {
          accessor: 'sku',
          title: t('inventory.fields.sku'),
          sortable: true,
          noWrap: true,
          hidden: !md,
          render: (it) => <Text size="sm" ff="monospace">{it.sku}</Text>,
        },
        {
          accessor: 'name',
          title: t('inventory.fields.name'),
          sortable: true,
          render: (it) => (
            <Group gap={6} wrap="nowrap">
              <div>
                <Text size="sm" fw={500}>
                  {it.name}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace" hiddenFrom="md">
                  {it.sku}
                </Text>
              </div>
              {it.archived && (
                <Badge size="xs" color="gray" variant="light">
                  {t('inventory.table.archived')}
                </Badge>
              )}
            </Group>
          ),
        },
        {
          accessor: 'kind',
          title: t('inventory.fields.kind'),
          sortable: true,
          noWrap: true,
          hidden: !md,
          render: (it) => (
            <Badge variant="light" color={it.kind === 'finished_good' ? 'teal' : it.kind === 'packaging' ? 'grape' : 'blue'} style={{ textTransform: 'none', overflow: 'visible' }}>
              {t(`inventory.kinds.${it.kind}`)}
            </Badge>
          ),
        },
        { accessor: 'category', title: t('inventory.fields.category'), sortable: true, hidden: !lg },
        { accessor: 'location', title: t('inventory.fields.location'), sortable: true, hidden: !xl },
        {
          accessor: 'on_hand',
          title: t('inventory.fields.onHand'),
          sortable: true,
          noWrap: true,
          textAlign: 'right',
          render: (it) => (
            <Group gap={6} justify="flex-end" wrap="nowrap">
              {it.low_stock && (
                <Badge size="xs" color="orange" variant="filled" style={{ flexShrink: 0, overflow: 'visible' }}>
                  {t('inventory.table.low')}
                </Badge>
              )}
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatQty(it.on_hand, lng)} {unitName(it.unit, t, it.on_hand)}
              </Text>
            </Group>
          ),
        },
        {
          accessor: 'reorder_level',
          title: t('inventory.fields.reorderLevel'),
          sortable: true,
          textAlign: 'right',
          hidden: !xl,
          render: (it) => (it.reorder_level > 0 ? `${formatQty(it.reorder_level, lng)} ${unitName(it.unit, t, it.reorder_level)}` : '—'),
        },
        {
          accessor: 'batches',
          title: t('inventory.fields.batches'),
          textAlign: 'right',
          hidden: !xl,
          render: (it) => formatQty(it.batches.length, lng),
        },
        {
          accessor: 'actions',
          title: <span aria-hidden />,
          textAlign: 'right',
          render: (it) => {
            const archive = {
              label: it.archived ? t('inventory.actions.restore') : t('inventory.actions.archive'),
              name: t(it.archived ? 'inventory.actions.restoreItem' : 'inventory.actions.archiveItem', { name: it.name }),
              icon: it.archived ? IconArchiveOff : IconArchive,
            };
            return (
              <>
                <Group gap={2} justify="flex-end" wrap="nowrap" visibleFrom="sm">
                  {!it.archived && (
                    <IconAction label={t('inventory.actions.receive')} name={t('inventory.actions.receiveItem', { name: it.name })} icon={IconPackageImport} onClick={() => p.open({ kind: 'receive', item: it })} />
                  )}
                  <IconAction label={t('inventory.actions.edit')} name={t('inventory.actions.editItem', { name: it.name })} icon={IconPencil} onClick={() => p.open({ kind: 'editItem', item: it })} />
                  <Tooltip label={archive.label}>
                    <ActionIcon variant="subtle" color={it.archived ? undefined : 'gray'} aria-label={archive.name} onClick={() => p.onArchive(it, !it.archived)}>
                      <archive.icon size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
                {/* On a phone the three actions share one menu, so the row fits the screen. */}
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" hiddenFrom="sm" aria-label={t('inventory.actions.more', { name: it.name })}>
                      <IconDotsVertical size={16} aria-hidden />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {!it.archived && (
                      <Menu.Item leftSection={<IconPackageImport size={16} aria-hidden />} onClick={() => p.open({ kind: 'receive', item: it })}>
                        {t('inventory.actions.receive')}
                      </Menu.Item>
                    )}
                    <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => p.open({ kind: 'editItem', item: it })}>
                      {t('inventory.actions.edit')}
                    </Menu.Item>
                    <Menu.Item leftSection={<archive.icon size={16} aria-hidden />} onClick={() => p.onArchive(it, !it.archived)}>
                      {archive.label}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </>
            );
          },
        },
      ]}
    />
  );
}
