import { Button, Group, Menu, Text, TextInput, type MantineSize, type TextInputProps } from '@mantine/core';
import { IconSearch, IconSelector } from '@tabler/icons-react';
import { DataTable, type DataTableColumn, type DataTableRowExpansionProps } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import type { ServerTablePaging } from '@/lib/use-server-table';

export const PAGE_SIZES = [10, 25, 50, 100];

export interface ServerTableProps<T> extends ServerTablePaging<T> {
  records: T[];
  total: number;
  fetching: boolean;
  columns: DataTableColumn<T>[];
  /** The table's accessible name, its empty text and its per-page label (already translated). */
  label: string;
  empty: string;
  perPageLabel: string;
  /** i18n key of the "from–to of total" text; it gets from, to and total formatted for the locale. */
  rangeKey: string;
  /** i18n key prefix of the pagination controls' names (`${controlsKey}.${control}Page`); `common.pager` by default. */
  controlsKey?: string;
  pageSizes?: number[];
  rowExpansion?: DataTableRowExpansionProps<T>;
  /** The record's key field (default `id`). */
  idAccessor?: keyof T & string;
}

/** A mantine-datatable whose rows are searched, sorted and paged on the server (records keyed by id). */
export function ServerTable<T>(p: ServerTableProps<T>) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const n = (v: number) => formatNumber(v, lng);
  const controlsKey = p.controlsKey ?? 'common.pager';
  return (
    <DataTable<T>
      withTableBorder
      borderRadius="md"
      highlightOnHover
      minHeight={p.records.length ? undefined : 180}
      records={p.records}
      fetching={p.fetching}
      idAccessor={p.idAccessor ?? 'id'}
      aria-label={p.label}
      noRecordsText={p.empty}
      loadingText={t('common.loading')}
      totalRecords={p.total}
      page={p.page}
      onPageChange={p.onPageChange}
      recordsPerPage={p.pageSize}
      recordsPerPageOptions={p.pageSizes ?? PAGE_SIZES}
      onRecordsPerPageChange={p.onPageSizeChange}
      recordsPerPageLabel={p.perPageLabel}
      paginationText={({ from, to, totalRecords }) => t(p.rangeKey, { from: n(from), to: n(to), total: n(totalRecords) })}
      getPaginationControlProps={(control) => ({ 'aria-label': t(`${controlsKey}.${control}Page`) })}
      // Page numbers in the language's digits.
      getPaginationItemProps={(page) => ({ children: n(page) })}
      // The page-size choice too (the table's own selector shows Latin digits).
      renderPagination={({ Controls, state, actions }) => (
        <>
          <Controls.Text />
          {actions.setRecordsPerPage && (
            <PageSizeSelector
              label={p.perPageLabel}
              size={state.paginationSize}
              values={p.pageSizes ?? PAGE_SIZES}
              value={p.pageSize}
              onChange={actions.setRecordsPerPage}
              format={n}
            />
          )}
          <Controls.Pagination />
        </>
      )}
      sortStatus={p.sort}
      onSortStatusChange={p.onSortChange}
      rowExpansion={p.rowExpansion}
      columns={p.columns}
    />
  );
}

/** How many rows a page shows: the label and a menu of the sizes, numbers in the language's digits. */
function PageSizeSelector(p: { label: string; size: MantineSize; values: number[]; value: number; onChange: (v: number) => void; format: (v: number) => string }) {
  return (
    <Group gap="xs">
      <Text component="div" size={p.size}>
        {p.label}
      </Text>
      <Menu withinPortal withArrow offset={2}>
        <Menu.Target>
          <Button size={`compact-${p.size}`} variant="default" fw="normal" rightSection={<IconSelector size={14} aria-hidden />}>
            {p.format(p.value)}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {p.values.map((v) => (
            <Menu.Item key={v} disabled={v === p.value} onClick={() => p.onChange(v)}>
              {p.format(v)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** The search box above a server table: grows to fill its row, with a search icon. */
export function SearchInput({ onSearch, minWidth = 240, ...props }: Omit<TextInputProps, 'onChange'> & { onSearch: (v: string) => void; minWidth?: number }) {
  return (
    <TextInput
      style={{ flex: 1, minWidth }}
      leftSection={<IconSearch size={16} aria-hidden />}
      onChange={(e) => onSearch(e.currentTarget.value)}
      {...props}
    />
  );
}
