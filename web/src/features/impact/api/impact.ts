import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, buildPath, downloadFile, type Schema } from '@/lib/api';
import { impactKeys } from './keys';

// The impact report's API (internal/impact), from its OpenAPI document.
export type ImpactReport = Schema<'ImpactReport'>;
export type ImpactLink = Schema<'ImpactLink'>;

/** GET /api/projects/{id}/impact: the report over [from, to] (the server's default period when absent). */
export function useProjectImpact(id: number, from?: string, to?: string) {
  return useQuery({
    queryKey: impactKeys.report(id, from, to),
    queryFn: ({ signal }) => api.get('/api/projects/{id}/impact', { path: { id }, query: { from: from || undefined, to: to || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/projects/{id}/impact.csv as a download. */
export function downloadImpactCSV(id: number, from: string, to: string): Promise<void> {
  return downloadFile(buildPath('/api/projects/{id}/impact.csv', { path: { id }, query: { from, to } }), `impact-${id}.csv`);
}

/** GET /api/projects/{id}/impact/links */
export function useImpactLinks(id: number) {
  return useQuery({
    queryKey: impactKeys.links(id),
    queryFn: ({ signal }) => api.get('/api/projects/{id}/impact/links', { path: { id }, signal }),
  });
}

/** POST /api/projects/{id}/impact/links: the answer's path holds the token, this once. */
export function useCreateImpactLink(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { label: string; expires_on: string | null }) => api.post('/api/projects/{id}/impact/links', { path: { id }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: impactKeys.links(id) }),
  });
}

/** POST /api/projects/{id}/impact/links/{link}/revoke */
export function useRevokeImpactLink(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (link: number) => api.post('/api/projects/{id}/impact/links/{link}/revoke', { path: { id, link } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: impactKeys.links(id) }),
  });
}

/** GET /api/projects/{id}/impact/mail */
export function useImpactMail(id: number) {
  return useQuery({
    queryKey: impactKeys.mail(id),
    queryFn: ({ signal }) => api.get('/api/projects/{id}/impact/mail', { path: { id }, signal }),
  });
}

/** PUT /api/projects/{id}/impact/mail */
export function useSetImpactMail(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (monthly: boolean) => api.put('/api/projects/{id}/impact/mail', { path: { id }, body: { monthly } }),
    onSuccess: (data) => qc.setQueryData(impactKeys.mail(id), data),
  });
}
