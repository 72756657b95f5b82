import { useQuery } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api';
import { invoiceKeys } from './keys';

export type InvoiceSummary = Schema<'InvoiceSummary'>;

/** GET /api/invoices/summary: what clients owe (the dashboard card; its own small file for its chunk). */
export function useInvoiceSummary() {
  return useQuery({
    queryKey: invoiceKeys.summary(),
    queryFn: ({ signal }) => api.get('/api/invoices/summary', { signal }),
    staleTime: 60_000,
  });
}
