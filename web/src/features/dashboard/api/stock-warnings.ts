import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { array, boolean, number, object, string } from '@/lib/validate';

export interface LowStockItem {
  id: number;
  name: string;
  unit: string;
  on_hand: number;
  reorder_level: number;
}

export interface ExpiringBatch {
  id: number;
  code: string;
  item_name: string;
  item_unit: string;
  on_hand: number;
  expires_at: string;
  days_left: number;
  expired: boolean;
}

export interface StockWarnings {
  low_stock: LowStockItem[];
  expiring: ExpiringBatch[];
  expiring_within_days: number;
}

export function parseStockWarnings(v: unknown): StockWarnings {
  const o = object(v, 'warnings');
  return {
    expiring_within_days: number(o, 'expiring_within_days'),
    low_stock: array(o, 'low_stock').map((item) => {
      const x = object(item, 'item');
      return {
        id: number(x, 'id'),
        name: string(x, 'name'),
        unit: string(x, 'unit'),
        on_hand: number(x, 'on_hand'),
        reorder_level: number(x, 'reorder_level'),
      };
    }),
    expiring: array(o, 'expiring').map((item) => {
      const x = object(item, 'batch');
      return {
        id: number(x, 'id'),
        code: string(x, 'code'),
        item_name: string(x, 'item_name'),
        item_unit: string(x, 'item_unit'),
        on_hand: number(x, 'on_hand'),
        expires_at: string(x, 'expires_at'),
        days_left: number(x, 'days_left'),
        expired: boolean(x, 'expired'),
      };
    }),
  };
}

/** GET /api/inventory/warnings: low stock items and batches expiring soon (or expired). */
export async function getStockWarnings(signal?: AbortSignal): Promise<StockWarnings> {
  return parseStockWarnings(await api.get<unknown>('/inventory/warnings', signal));
}

export const stockWarningsQuery = queryOptions({
  queryKey: ['dashboard', 'stock-warnings'],
  queryFn: ({ signal }) => getStockWarnings(signal),
  refetchInterval: 5 * 60_000,
});

export function useStockWarnings() {
  return useQuery(stockWarningsQuery);
}
