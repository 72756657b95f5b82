import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf } from '@/lib/api';
import { inventoryKeys } from './keys';

/** Every inventory figure may change after a write: refetch what is on screen. */
function useInvalidateInventory() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: inventoryKeys.all });
}

export type NewItemInput = BodyOf<'/api/inventory/items', 'post'>;
export type ItemInput = BodyOf<'/api/inventory/items/{id}', 'patch'>;

/** POST /api/inventory/items */
export function useCreateItem() {
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: (input: NewItemInput) => api.post('/api/inventory/items', { body: input }),
    onSuccess: invalidate,
  });
}

/** PATCH /api/inventory/items/{id} (edit, archive, restore) */
export function useUpdateItem() {
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: ({ id, ...input }: ItemInput & { id: number }) =>
      api.patch('/api/inventory/items/{id}', { path: { id }, body: input }),
    onSuccess: invalidate,
  });
}

export type ReceiveInput = BodyOf<'/api/inventory/items/{id}/batches', 'post'> & { itemId: number };

/** POST /api/inventory/items/{id}/batches: stock received as a new batch. */
export function useReceiveBatch() {
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: ({ itemId, ...input }: ReceiveInput) =>
      api.post('/api/inventory/items/{id}/batches', { path: { id: itemId }, body: input }),
    onSuccess: invalidate,
  });
}

export type MoveInput = BodyOf<'/api/inventory/moves', 'post'>;

/** POST /api/inventory/moves: receive into, use from, adjust or count an existing batch. */
export function useRecordMove() {
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: (input: MoveInput) => api.post('/api/inventory/moves', { body: input }),
    onSuccess: invalidate,
  });
}

/** POST /api/inventory/moves/{id}/reverse: undo a move with a reversing one. */
export function useReverseMove() {
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      api.post('/api/inventory/moves/{id}/reverse', { path: { id }, body: { note } }),
    onSuccess: invalidate,
  });
}
