import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, enumValues, type BodyOf, type Schema } from '@/lib/api';
import { planKeys } from './keys';

export type Plan = Schema<'PricingPlan'>;
export type PlanPeriod = Schema<'PlanPeriod'>;
export type PlanInput = BodyOf<'/api/pricing-plans', 'post'>;
export type PlanPatch = BodyOf<'/api/pricing-plans/{id}', 'patch'>;

export const PERIODS = enumValues<PlanPeriod>()(['per_unit', 'monthly', 'annual']);

/** GET /api/pricing-plans (admin) */
export function usePlans(archived = false) {
  return useQuery({
    queryKey: planKeys.list(archived),
    queryFn: ({ signal }) => api.get('/api/pricing-plans', { query: { archived: archived || undefined }, signal }),
  });
}

/** POST /api/pricing-plans, or PATCH /api/pricing-plans/{id} when an id is given. */
export function useSavePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: PlanPatch & { id?: number }) =>
      id ? api.patch('/api/pricing-plans/{id}', { path: { id }, body }) : api.post('/api/pricing-plans', { body: body as PlanInput }),
    onSuccess: () => qc.invalidateQueries({ queryKey: planKeys.all }),
  });
}
