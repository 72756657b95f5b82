import { enumValues, type Schema } from '@/lib/api';

/** Item kinds, move reasons and batch source types, as the server names them. */
export const ITEM_KINDS = enumValues<Schema<'ItemKind'>>()(['raw_material', 'packaging', 'finished_good']);
export type ItemKind = Schema<'ItemKind'>;
export const MOVE_REASONS = enumValues<Schema<'MoveReason'>>()(['receive', 'consume', 'produce', 'ship', 'adjust', 'count', 'reversal']);
export type MoveReason = Schema<'MoveReason'>;
/** Every source type but the empty one (not said), which no menu offers. */
export const SOURCE_TYPES = enumValues<Exclude<Schema<'SourceType'>, ''>>()(['supplier', 'donor', 'production']);

// The shapes of the inventory API, from its OpenAPI document.
export type Batch = Schema<'Batch'>;
export type Item = Schema<'Item'>;
export type Move = Schema<'Move'>;
export type BatchDetail = Schema<'BatchDetail'>;
export type BatchUse = Schema<'BatchUse'>;
export type ExpiringBatch = Schema<'ExpiringBatch'>;
export type ImportError = Schema<'ImportError'>;
export type ImportPreview = Schema<'ImportPreview'>;
export type ItemBatch = Schema<'ItemBatch'>;
