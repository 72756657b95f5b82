import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventoryKeys } from './keys';
import { batchSchema, itemSchema, moveSchema, type Batch, type Item, type Move } from './types';

/** Every inventory figure may change after a write: refetch what is on screen. */
function useInvalidateInventory() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: inventoryKeys.all });
}

export interface ItemInput {
  sku?: string;
  name?: string;
  kind?: string;
  unit?: string;
  category?: string;
  location?: string;
  reorder_level?: number;
  notes?: string;
  archived?: boolean;
}

/** POST /api/inventory/items */
export function useCreateItem() {
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: async (input: ItemInput): Promise<Item> => itemSchema.parse(await api.post('/inventory/items', input)),
    onSuccess: invalidate,
  });
}

/** PATCH /api/inventory/items/{id} (edit, archive, restore) */
export function useUpdateItem() {
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: async ({ id, ...input }: ItemInput & { id: number }): Promise<Item> =>
      itemSchema.parse(await api.patch(`/inventory/items/${id}`, input)),
    onSuccess: invalidate,
  });
}

export interface ReceiveInput {
  itemId: number;
  code?: string;
  quantity: number;
  received_at?: string;
  expires_at?: string;
  source?: string;
  source_type?: string;
  note?: string;
}

/** POST /api/inventory/items/{id}/batches: stock received as a new batch. */
export function useReceiveBatch() {
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: async ({ itemId, ...input }: ReceiveInput): Promise<Batch> =>
      batchSchema.parse(await api.post(`/inventory/items/${itemId}/batches`, input)),
    onSuccess: invalidate,
  });
}

export interface MoveInput {
  batch_id: number;
  reason: 'receive' | 'consume' | 'adjust' | 'count';
  quantity?: number;
  counted?: number;
  note?: string;
}

/** POST /api/inventory/moves: receive into, use from, adjust or count an existing batch. */
export function useRecordMove() {
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: async (input: MoveInput): Promise<Move> => moveSchema.parse(await api.post('/inventory/moves', input)),
    onSuccess: invalidate,
  });
}

/** POST /api/inventory/moves/{id}/reverse: undo a move with a reversing one. */
export function useReverseMove() {
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: async ({ id, note }: { id: number; note: string }): Promise<Move> =>
      moveSchema.parse(await api.post(`/inventory/moves/${id}/reverse`, { note })),
    onSuccess: invalidate,
  });
}
