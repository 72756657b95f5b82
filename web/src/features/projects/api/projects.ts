import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, enumValues, type BodyOf, type CallOptions, type Schema } from '@/lib/api';
import { serverListQuery, type ServerListParams } from '@/lib/use-server-table';
import { projectKeys } from './keys';

// The shapes of the projects API, from its OpenAPI document.
export type Project = Schema<'Project'>;
export type ProjectDetail = Schema<'ProjectDetail'>;
export type ProjectStatus = Schema<'ProjectStatus'>;
export type ProjectOption = Schema<'ProjectOption'>;
export type ProjectInput = BodyOf<'/api/projects', 'post'>;
export const STATUSES = enumValues<ProjectStatus>()(['in_progress', 'important', 'completed', 'archived']);
export const STATUS_COLORS: Record<ProjectStatus, string> = { in_progress: 'blue', important: 'orange', completed: 'teal', archived: 'gray' };

type ListQuery = NonNullable<CallOptions<'/api/projects', 'get'>['query']>;

/** The list's server-side search, status filter, sort and paging. */
export interface ProjectListParams extends ServerListParams {
  search?: string;
  status?: ProjectStatus | '';
  sort?: NonNullable<ListQuery['sort']>;
}

/** GET /api/projects */
export function useProjects(p: ProjectListParams) {
  return useQuery({
    queryKey: projectKeys.list(p),
    queryFn: ({ signal }) =>
      api.get('/api/projects', {
        query: {
          search: p.search?.trim() || undefined,
          status: p.status || undefined,
          ...serverListQuery<NonNullable<ListQuery['sort']>>(p),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/projects/{id}: the project with its progress (units produced and shipped against the target). */
export const projectQuery = (id: number) =>
  queryOptions({
    queryKey: projectKeys.one(id),
    queryFn: ({ signal }) => api.get('/api/projects/{id}', { path: { id }, signal }),
  });

export function useProject(id: number) {
  return useQuery(projectQuery(id));
}

/** GET /api/projects/options: projects production and shipments may name, and the people of owners and teams. */
export function useProjectOptions() {
  return useQuery({
    queryKey: projectKeys.options(),
    queryFn: ({ signal }) => api.get('/api/projects/options', { signal }),
    staleTime: 30_000,
  });
}

/** Finished goods, the products a project can target. */
export function useFinishedGoods() {
  return useQuery({
    queryKey: projectKeys.products(),
    queryFn: ({ signal }) => api.get('/api/inventory/items', { query: { kind: 'finished_good', page_size: 200 }, signal }),
    staleTime: 60_000,
  });
}

/** POST /api/projects, or PATCH /api/projects/{id} when an id is given. */
export function useSaveProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ProjectInput & { id?: number }) =>
      id ? api.patch('/api/projects/{id}', { path: { id }, body: { ...body, owner_id: body.owner_id ?? undefined } }) : api.post('/api/projects', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/**
 * A client's projects with their produced and shipped units (GET /api/projects searched by
 * the client's name, then kept to that client): the invoice form drafts lines from them.
 */
export function useClientProjects(clientId: number | null, clientName: string) {
  return useQuery({
    queryKey: projectKeys.forClient(clientId),
    enabled: clientId != null,
    queryFn: async ({ signal }) => {
      const res = await api.get('/api/projects', { query: { search: clientName.slice(0, 200) || undefined, page_size: 200 }, signal });
      return res.projects.filter((p) => p.client_id === clientId);
    },
  });
}

/** GET /api/invoices?project_id= (admins only): the project's invoices, newest first. */
export function useProjectInvoices(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: projectKeys.invoices(projectId),
    queryFn: ({ signal }) => api.get('/api/invoices', { query: { project_id: projectId, page_size: 100 }, signal }),
    enabled,
  });
}
