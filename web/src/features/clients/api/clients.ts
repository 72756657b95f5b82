import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type CallOptions, type Schema } from '@/lib/api';
import { serverListQuery, type ServerListParams } from '@/lib/use-server-table';
import { clientKeys } from './keys';

// The shapes of the clients API, from its OpenAPI document.
export type Client = Schema<'Client'>;
export type ClientOption = Schema<'ClientOption'>;
export type ClientInput = BodyOf<'/api/clients', 'post'>;
export type ClientPatch = BodyOf<'/api/clients/{id}', 'patch'>;

export type ClientListQuery = NonNullable<CallOptions<'/api/clients', 'get'>['query']>;

/** The list's server-side search, sort and paging. */
export interface ClientListParams extends ServerListParams {
  search?: string;
  includeArchived?: boolean;
}

/** GET /api/clients (admin) */
export function useClients(p: ClientListParams) {
  return useQuery({
    queryKey: clientKeys.list(p),
    queryFn: ({ signal }) =>
      api.get('/api/clients', {
        query: {
          search: p.search?.trim() || undefined,
          include_archived: p.includeArchived || undefined,
          ...serverListQuery<NonNullable<ClientListQuery['sort']>>(p),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/clients/options: the names a picker offers (any signed-in user). */
export function useClientOptions() {
  return useQuery({
    queryKey: clientKeys.options(),
    queryFn: ({ signal }) => api.get('/api/clients/options', { signal }),
    staleTime: 60_000,
  });
}

/** POST /api/clients, or PATCH /api/clients/{id} when an id is given. */
export function useSaveClient() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ClientPatch & { id?: number }) =>
      id ? api.patch('/api/clients/{id}', { path: { id }, body }) : api.post('/api/clients', { body: body as ClientInput }),
    onSuccess: () => qc.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
