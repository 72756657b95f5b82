import * as z from 'zod/mini';

export const lineSchema = z.object({
  id: z.number(),
  name: z.string(),
  hourly_target: z.nullable(z.number()),
  archived: z.boolean(),
});
export type Line = z.infer<typeof lineSchema>;

export const productSchema = z.object({ id: z.number(), sku: z.string(), name: z.string(), unit: z.string(), on_hand: z.number() });
export type Product = z.infer<typeof productSchema>;

export const stockBatchSchema = z.object({
  id: z.number(),
  item_id: z.number(),
  code: z.string(),
  on_hand: z.number(),
  received_at: z.string(),
  expires_at: z.nullable(z.string()),
});
export type StockBatch = z.infer<typeof stockBatchSchema>;

export const suggestionSchema = z.object({
  product_id: z.number(),
  recipe_version: z.number(),
  units: z.number(),
  components: z.array(
    z.object({
      item_id: z.number(),
      quantity: z.number(),
      sku: z.optional(z.string()),
      name: z.optional(z.string()),
      unit: z.optional(z.string()),
      needed: z.number(),
      on_hand: z.number(),
      short: z.number(),
      batches: z.array(stockBatchSchema),
      picks: z.array(z.object({ batch_id: z.number(), item_id: z.number(), quantity: z.number() })),
    }),
  ),
});
export type Suggestion = z.infer<typeof suggestionSchema>;
export type SuggestionComponent = Suggestion['components'][number];

export const entryMoveSchema = z.object({
  id: z.number(),
  batch_id: z.number(),
  item_id: z.number(),
  quantity: z.number(),
  before: z.number(),
  after: z.number(),
  reversal: z.boolean(),
  batch_code: z.string(),
  item_sku: z.string(),
  item_name: z.string(),
  item_unit: z.string(),
});
export type EntryMove = z.infer<typeof entryMoveSchema>;

export const entrySchema = z.object({
  id: z.number(),
  date: z.string(),
  hour: z.number(),
  line_id: z.number(),
  line_name: z.string(),
  product_id: z.number(),
  product_sku: z.string(),
  product_name: z.string(),
  product_unit: z.string(),
  units: z.number(),
  note: z.string(),
  recipe_version: z.number(),
  produced_batch_id: z.number(),
  produced_batch_code: z.string(),
  moves: z.array(entryMoveSchema),
  reversed: z.boolean(),
  reversed_at: z.nullable(z.string()),
  reverse_reason: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type Entry = z.infer<typeof entrySchema>;

const lineTotalSchema = z.object({
  line_id: z.number(),
  name: z.string(),
  units: z.number(),
  hours: z.number(),
  target: z.nullable(z.number()),
  labour_hours: z.number(),
  units_per_labour_hour: z.nullable(z.number()),
});
export type LineTotal = z.infer<typeof lineTotalSchema>;

const productTotalSchema = z.object({ product_id: z.number(), sku: z.string(), name: z.string(), units: z.number() });

export const dailySchema = z.object({
  date: z.string(),
  time_zone: z.string(),
  lines: z.array(lineSchema),
  entries: z.array(entrySchema),
  cells: z.array(z.object({ hour: z.number(), line_id: z.number(), units: z.number(), labour_hours: z.number() })),
  totals: z.array(productTotalSchema),
  line_totals: z.array(lineTotalSchema),
  consumed: z.array(
    z.object({
      batch_id: z.number(),
      batch_code: z.string(),
      item_id: z.number(),
      sku: z.string(),
      name: z.string(),
      unit: z.string(),
      quantity: z.number(),
    }),
  ),
  units: z.number(),
  labour_hours: z.number(),
  units_per_labour_hour: z.nullable(z.number()),
});
export type Daily = z.infer<typeof dailySchema>;

export const overviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      units: z.number(),
      labour_hours: z.number(),
      units_per_labour_hour: z.nullable(z.number()),
      products: z.record(z.string(), z.number()),
    }),
  ),
  products: z.array(productTotalSchema),
  lines: z.array(lineTotalSchema),
  totals: z.object({ units: z.number(), labour_hours: z.number(), units_per_labour_hour: z.nullable(z.number()) }),
});
export type Overview = z.infer<typeof overviewSchema>;
