import type { DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';

/** What ServerTable needs to page and sort: the current page, size and sort, and their setters. */
export interface ServerTablePaging<T> {
  page: number;
  pageSize: number;
  sort: DataTableSortStatus<T>;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  onSortChange: (sort: DataTableSortStatus<T>) => void;
}

/** The sort, order and page of a list searched, sorted and paged on the server (useServerTable's `query`). */
export interface ServerListParams {
  sort?: string;
  order?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

/**
 * The query parameters of ServerListParams: what is unset, empty or zero is left out (the
 * server's default). `S` is the endpoint's sort keys.
 */
export function serverListQuery<S extends string>(p: ServerListParams) {
  return {
    sort: (p.sort || undefined) as S | undefined,
    order: p.order || undefined,
    page: p.page || undefined,
    page_size: p.pageSize || undefined,
  };
}

/**
 * Paging and sort state (page 1, size 25) for a list searched, sorted and paged on the server.
 * `query` goes into the list's request; `table` is spread onto ServerTable; `resetPage(setX)` wraps a
 * filter's setter so that changing it goes back to page 1.
 */
export function useServerTable<T>(initialSort: DataTableSortStatus<T>, initialPageSize = 25) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [sort, setSort] = useState<DataTableSortStatus<T>>(initialSort);
  const resetPage =
    <V,>(fn: (v: V) => void) =>
    (v: V) => {
      fn(v);
      setPage(1);
    };
  const table: ServerTablePaging<T> = {
    page,
    pageSize,
    sort,
    onPageChange: setPage,
    onPageSizeChange: resetPage(setPageSize),
    onSortChange: resetPage(setSort),
  };
  return { resetPage, query: { sort: String(sort.columnAccessor), order: sort.direction, page, pageSize }, table };
}

/**
 * ServerTable's records, total and fetching from a list query: `rows` picks a page's rows; the
 * page carries the count of all of them as `total`. None and 0 until the first page arrives.
 */
export function serverRows<D extends { total: number }, T>(q: { data?: D; isFetching: boolean }, rows: (page: D) => T[]) {
  return { records: q.data ? rows(q.data) : [], total: q.data?.total ?? 0, fetching: q.isFetching };
}
