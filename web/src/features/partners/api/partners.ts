import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type CallOptions, type Schema } from '@/lib/api';
import { serverListQuery, type ServerListParams } from '@/lib/use-server-table';
import { partnerKeys } from './keys';

// The shapes of the partners API, from its OpenAPI document.
export type Partner = Schema<'Partner'>;
export type PartnerInput = BodyOf<'/api/partners', 'post'>;
export type PartnerPatch = BodyOf<'/api/partners/{id}', 'patch'>;

export type PartnerListQuery = NonNullable<CallOptions<'/api/partners', 'get'>['query']>;

/** The list's server-side search, sort and paging. */
export interface PartnerListParams extends ServerListParams {
  search?: string;
  includeArchived?: boolean;
}

/** GET /api/partners */
export function usePartners(p: PartnerListParams) {
  return useQuery({
    queryKey: partnerKeys.list(p),
    queryFn: ({ signal }) =>
      api.get('/api/partners', {
        query: {
          search: p.search?.trim() || undefined,
          include_archived: p.includeArchived || undefined,
          ...serverListQuery<NonNullable<PartnerListQuery['sort']>>(p),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** How many partners a picker offers for one search. */
export const PICKER_SIZE = 8;

/**
 * GET /api/partners for a picker: the partners matching search, by name; the active ones only
 * (a shipment's destination), or archived ones too (a filter over shipments already made).
 */
export function usePartnerPicker(search: string, { includeArchived = false } = {}) {
  return useQuery({
    queryKey: partnerKeys.picker(search.trim(), includeArchived),
    queryFn: ({ signal }) =>
      api.get('/api/partners', {
        query: { search: search.trim() || undefined, include_archived: includeArchived || undefined, sort: 'name', page_size: PICKER_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** GET /api/partners/{id}: one partner (none asked for while id is null). */
export function usePartner(id: number | null) {
  return useQuery({
    queryKey: partnerKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get('/api/partners/{id}', { path: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    staleTime: 30_000,
  });
}

/** POST /api/partners, or PATCH /api/partners/{id} when an id is given (archived archives or restores). */
export function useSavePartner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: PartnerPatch & { id?: number }) =>
      id ? api.patch('/api/partners/{id}', { path: { id }, body }) : api.post('/api/partners', { body: body as PartnerInput }),
    onSuccess: () => qc.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}
