import * as z from 'zod/mini';

/** Item kinds, move reasons and batch source types, as the server names them. */
export const ITEM_KINDS = ['raw_material', 'packaging', 'finished_good'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];
export const MOVE_REASONS = ['receive', 'consume', 'produce', 'ship', 'adjust', 'count', 'reversal'] as const;
export type MoveReason = (typeof MOVE_REASONS)[number];
export const SOURCE_TYPES = ['supplier', 'donor', 'production'] as const;

export const batchSchema = z.object({
  id: z.number(),
  item_id: z.number(),
  code: z.string(),
  on_hand: z.number(),
  received_at: z.string(),
  expires_at: z.nullable(z.string()),
  source: z.string(),
  source_type: z.string(),
  notes: z.string(),
  created_at: z.string(),
});
export type Batch = z.infer<typeof batchSchema>;

export const itemSchema = z.object({
  id: z.number(),
  sku: z.string(),
  name: z.string(),
  kind: z.string(),
  unit: z.string(),
  category: z.string(),
  location: z.string(),
  reorder_level: z.number(),
  notes: z.string(),
  archived: z.boolean(),
  on_hand: z.number(),
  low_stock: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  batches: z.array(batchSchema),
});
export type Item = z.infer<typeof itemSchema>;

export const moveSchema = z.object({
  id: z.number(),
  batch_id: z.number(),
  item_id: z.number(),
  reason: z.string(),
  quantity: z.number(),
  balance_after: z.number(),
  counted: z.nullable(z.number()),
  note: z.string(),
  reverses_id: z.nullable(z.number()),
  reversed_by_id: z.nullable(z.number()),
  document: z.nullable(z.object({ type: z.string(), id: z.number() })),
  user_id: z.nullable(z.number()),
  user_name: z.string(),
  created_at: z.string(),
  batch_code: z.optional(z.string()),
  item_sku: z.optional(z.string()),
  item_name: z.optional(z.string()),
  item_unit: z.optional(z.string()),
});
export type Move = z.infer<typeof moveSchema>;

export const itemListSchema = z.object({
  items: z.array(itemSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type ItemList = z.infer<typeof itemListSchema>;

/** A production entry that consumed (negative) or produced (positive) a batch. */
export const batchUseSchema = z.object({
  entry_id: z.number(),
  date: z.string(),
  hour: z.number(),
  line_id: z.number(),
  line_name: z.string(),
  quantity: z.number(),
  reversed: z.boolean(),
});
export type BatchUse = z.infer<typeof batchUseSchema>;

export const batchDetailSchema = z.extend(batchSchema, {
  item: itemSchema,
  moves: z.array(moveSchema),
  next_after: z.nullable(z.number()),
  production: z.optional(z.array(batchUseSchema)),
});
export type BatchDetail = z.infer<typeof batchDetailSchema>;

export const expiringBatchSchema = z.extend(batchSchema, {
  item_sku: z.string(),
  item_name: z.string(),
  item_unit: z.string(),
  days_left: z.number(),
  expired: z.boolean(),
});
export type ExpiringBatch = z.infer<typeof expiringBatchSchema>;

export const warningsSchema = z.object({
  low_stock: z.array(itemSchema),
  expiring: z.array(expiringBatchSchema),
  expiring_within_days: z.number(),
});
export type Warnings = z.infer<typeof warningsSchema>;

export const facetsSchema = z.object({
  categories: z.array(z.string()),
  locations: z.array(z.string()),
  units: z.array(z.string()),
});
export type Facets = z.infer<typeof facetsSchema>;

export const importErrorSchema = z.object({
  field: z.optional(z.string()),
  code: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importPreviewSchema = z.object({
  valid: z.boolean(),
  errors: z.array(importErrorSchema),
  rows: z.array(
    z.object({
      line: z.number(),
      sku: z.string(),
      name: z.string(),
      kind: z.string(),
      unit: z.string(),
      batch_code: z.string(),
      quantity: z.number(),
      received_at: z.string(),
      expires_at: z.string(),
      new_item: z.boolean(),
      has_stock: z.boolean(),
      errors: z.array(importErrorSchema),
    }),
  ),
  rows_with_errors: z.number(),
  items_to_create: z.number(),
  batches_to_create: z.number(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({ items_created: z.number(), batches_created: z.number() });
export type ImportResult = z.infer<typeof importResultSchema>;
