import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The organisation's currency (GET /api/settings, shared with the settings screen's cache). */
export function useOrgCurrency(): string {
  const q = useQuery({ queryKey: ['settings', 'organisation'], queryFn: ({ signal }) => api.get('/api/settings', { signal }) });
  return q.data?.currency || 'USD';
}
