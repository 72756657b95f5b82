import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/clients/options: the clients an invoice can be addressed to. */
export function useClientChoices() {
  return useQuery({
    queryKey: ['clients', 'options'],
    queryFn: ({ signal }) => api.get('/api/clients/options', { signal }),
    staleTime: 60_000,
  });
}
