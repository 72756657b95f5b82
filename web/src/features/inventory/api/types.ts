import type { Schema } from '@/lib/api';

/** Item kinds, move reasons and batch source types, as the server names them. */
export const ITEM_KINDS = ['raw_material', 'packaging', 'finished_good'] as const satisfies readonly Schema<'ItemKind'>[];
export type ItemKind = Schema<'ItemKind'>;
export const MOVE_REASONS = ['receive', 'consume', 'produce', 'ship', 'adjust', 'count', 'reversal'] as const satisfies readonly Schema<'MoveReason'>[];
export type MoveReason = Schema<'MoveReason'>;
export const SOURCE_TYPES = ['supplier', 'donor', 'production'] as const satisfies readonly Schema<'SourceType'>[];

// The shapes of the inventory API, from its OpenAPI document.
export type Batch = Schema<'Batch'>;
export type Item = Schema<'Item'>;
export type Move = Schema<'Move'>;
export type BatchDetail = Schema<'BatchDetail'>;
export type BatchUse = Schema<'BatchUse'>;
export type ExpiringBatch = Schema<'ExpiringBatch'>;
export type ImportError = Schema<'ImportError'>;
export type ImportPreview = Schema<'ImportPreview'>;
