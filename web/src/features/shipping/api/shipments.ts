import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, enumValues, type BodyOf, type CallOptions, type Schema } from '@/lib/api';
import { dashboardKeys } from '@/features/dashboard';
import { inventoryKeys } from '@/features/inventory';
import { projectKeys } from '@/features/projects';
import { shippingKeys } from './keys';

// The shapes of the shipping API, from its OpenAPI document.
export type Shipment = Schema<'Shipment'>;
export type ShipmentStatus = Schema<'ShipmentStatus'>;
export type ShipmentInput = BodyOf<'/api/shipments', 'post'>;
export type BatchShipment = Schema<'BatchShipment'>;
export const STATUSES = enumValues<ShipmentStatus>()(['planned', 'shipped', 'delivered', 'cancelled']);

/** The log's server-side search, filters, sort and paging. */
export interface ShipmentListParams {
  search?: string;
  status?: ShipmentStatus | '';
  carrier?: string;
  /** The partner of the directory the shipments go to. */
  partnerId?: number | null;
  from?: string;
  to?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

export type ShipmentListQuery = NonNullable<CallOptions<'/api/shipments', 'get'>['query']>;

/** The server's query parameters of the log (also the CSV export of what is shown). */
export function shipmentListQuery(p: ShipmentListParams): ShipmentListQuery {
  return {
    search: p.search?.trim() || undefined,
    status: p.status || undefined,
    carrier: p.carrier?.trim() || undefined,
    partner_id: p.partnerId ?? undefined,
    from: p.from || undefined,
    to: p.to || undefined,
    sort: (p.sort || undefined) as ShipmentListQuery['sort'],
    order: p.order || undefined,
    page: p.page || undefined,
    page_size: p.pageSize || undefined,
  };
}

/** GET /api/shipments */
export function useShipments(p: ShipmentListParams) {
  return useQuery({
    queryKey: shippingKeys.list(p),
    queryFn: ({ signal }) => api.get('/api/shipments', { query: shipmentListQuery(p), signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/shipments/{id} */
export function useShipment(id: number | null) {
  return useQuery({
    queryKey: shippingKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get('/api/shipments/{id}', { path: { id: id! }, signal }),
    enabled: id != null,
  });
}

/** GET /api/shipments/{id}/trace: the batches a shipment carried, down to the raw batches. */
export function useShipmentTrace(id: number) {
  return useQuery({ queryKey: shippingKeys.trace(id), queryFn: ({ signal }) => api.get('/api/shipments/{id}/trace', { path: { id }, signal }) });
}

/**
 * A shipment moves stock and counts toward a project's shipped units: every write refetches
 * shipping, the inventory, the projects' progress and the dashboard's recent shipments.
 */
function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all(
      [shippingKeys.all, inventoryKeys.all, projectKeys.all, dashboardKeys.recentShipments()].map((queryKey) => qc.invalidateQueries({ queryKey })),
    );
}

/** POST /api/shipments, or PATCH /api/shipments/{id} when an id is given. */
export function useSaveShipment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: ShipmentInput & { id?: number }) =>
      id ? api.patch('/api/shipments/{id}', { path: { id }, body }) : api.post('/api/shipments', { body }),
    onSuccess: invalidate,
  });
}

export type ShipmentStep = 'ship' | 'deliver' | 'cancel';

/** POST /api/shipments/{id}/ship | deliver | cancel */
export function useShipmentStep() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, step, reason }: { id: number; step: ShipmentStep; reason?: string }) => {
      if (step === 'ship') return api.post('/api/shipments/{id}/ship', { path: { id } });
      if (step === 'deliver') return api.post('/api/shipments/{id}/deliver', { path: { id } });
      return api.post('/api/shipments/{id}/cancel', { path: { id }, body: { reason: reason ?? '' } });
    },
    onSuccess: invalidate,
  });
}

/** In-stock batches matching a search, first expiring first, for the line editor. */
export function useBatchOptions(search: string) {
  return useQuery({
    queryKey: shippingKeys.batchOptions(search),
    queryFn: ({ signal }) =>
      api.get('/api/inventory/items', { query: { search: search.trim() || undefined, page_size: 50 }, signal }),
    placeholderData: keepPreviousData,
  });
}
