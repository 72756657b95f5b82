import { useQuery } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api';

export type ProjectRow = Schema<'Project'>;

/**
 * A client's projects with their produced and shipped units (GET /api/projects searched by
 * the client's name, then kept to that client): the invoice form drafts lines from them.
 */
export function useClientProjects(clientId: number | null, clientName: string) {
  return useQuery({
    queryKey: ['projects', 'for-invoice', clientId],
    enabled: clientId != null,
    queryFn: async ({ signal }) => {
      const res = await api.get('/api/projects', { query: { search: clientName.slice(0, 200) || undefined, page_size: 200 }, signal });
      return res.projects.filter((p) => p.client_id === clientId);
    },
  });
}
