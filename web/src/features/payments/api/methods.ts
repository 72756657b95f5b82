import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, enumValues, type BodyOf, type Schema } from '@/lib/api';
import { methodKeys } from './keys';

export type Method = Schema<'PaymentMethod'>;
export type MethodKind = Schema<'PaymentMethodKind'>;
export type MethodInput = BodyOf<'/api/payment-methods', 'post'>;
export type MethodPatch = BodyOf<'/api/payment-methods/{id}', 'patch'>;

export const KINDS = enumValues<MethodKind>()(['bank_transfer', 'cheque', 'card_link']);

/** GET /api/payment-methods (admin): the primary first. */
export function useMethods(archived = false) {
  return useQuery({
    queryKey: methodKeys.list(archived),
    queryFn: ({ signal }) => api.get('/api/payment-methods', { query: { archived: archived || undefined }, signal }),
  });
}

/** POST /api/payment-methods, or PATCH /api/payment-methods/{id} when an id is given. */
export function useSaveMethod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: MethodPatch & { id?: number; kind?: MethodKind }) =>
      id ? api.patch('/api/payment-methods/{id}', { path: { id }, body }) : api.post('/api/payment-methods', { body: body as MethodInput }),
    onSuccess: () => qc.invalidateQueries({ queryKey: methodKeys.all }),
  });
}
