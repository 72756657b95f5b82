import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadCSV, enumValues, type BodyOf, type CallOptions, type Schema } from '@/lib/api';
import { serverListQuery, type ServerListParams } from '@/lib/use-server-table';
import { invoiceKeys } from './keys';

export type Invoice = Schema<'Invoice'>;
export type InvoiceStatus = Schema<'InvoiceStatus'>;
export type InvoiceInput = BodyOf<'/api/invoices', 'post'>;
export type InvoicePatch = BodyOf<'/api/invoices/{id}', 'patch'>;
export type PaymentInput = BodyOf<'/api/invoices/{id}/payments', 'post'>;

export const STATUSES = enumValues<InvoiceStatus>()(['draft', 'sent', 'paid', 'void']);
/** The list's status filters: every status, and overdue (sent, past the due date; derived on the server). */
export type StatusFilter = NonNullable<ListQuery['status']>;
export const STATUS_FILTERS: StatusFilter[] = [...STATUSES, 'overdue'];

type ListQuery = NonNullable<CallOptions<'/api/invoices', 'get'>['query']>;

export interface InvoiceListParams extends ServerListParams {
  status?: StatusFilter | '';
  search?: string;
}

function listQuery(p: InvoiceListParams): ListQuery {
  return {
    status: p.status || undefined,
    search: p.search?.trim() || undefined,
    ...serverListQuery<NonNullable<ListQuery['sort']>>(p),
  };
}

/** GET /api/invoices (admin) */
export function useInvoices(p: InvoiceListParams) {
  return useQuery({
    queryKey: invoiceKeys.list(p),
    queryFn: ({ signal }) => api.get('/api/invoices', { query: listQuery(p), signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/invoices.csv with the list's filters. */
export function exportInvoices(p: InvoiceListParams) {
  const { page: _p, page_size: _s, ...q } = listQuery(p);
  return downloadCSV('/api/invoices.csv', q);
}

/** GET /api/invoices/{id}/print: the invoice, the organisation and the primary payment method. */
export function usePrintableInvoice(id: number) {
  return useQuery({
    queryKey: invoiceKeys.print(id),
    queryFn: ({ signal }) => api.get('/api/invoices/{id}/print', { path: { id }, signal }),
  });
}

/** POST /api/invoices (a draft), or PATCH /api/invoices/{id} when an id is given. */
export function useSaveInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: InvoicePatch & { id?: number }) =>
      id ? api.patch('/api/invoices/{id}', { path: { id }, body }) : api.post('/api/invoices', { body: body as InvoiceInput }),
    onSuccess: () => qc.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

/** POST /api/invoices/{id}/send, /void, /reissue. */
export function useInvoiceStep() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, step, reason }: { id: number; step: 'send' | 'void' | 'reissue'; reason?: string }) => {
      if (step === 'send') return api.post('/api/invoices/{id}/send', { path: { id } });
      if (step === 'reissue') return api.post('/api/invoices/{id}/reissue', { path: { id } });
      return api.post('/api/invoices/{id}/void', { path: { id }, body: { reason: reason ?? '' } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

/**
 * POST /api/invoices/{id}/link: a new link to a sent or paid invoice's public page in place of the old one,
 * which stops working. The answer's `public_path` is the only time the new link is shown.
 */
export function useNewInvoiceLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/invoices/{id}/link', { path: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

/** POST /api/invoices/{id}/payments */
export function useRecordPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: PaymentInput & { id: number }) => api.post('/api/invoices/{id}/payments', { path: { id }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
