import type { ResponseOf, Schema } from '@/lib/api';

// The shapes of the production API, from its OpenAPI document.
export type Line = Schema<'ProductionLine'>;
export type Product = Schema<'Item'>;
export type StockBatch = Schema<'StockBatch'>;
export type Suggestion = Schema<'Suggestion'>;
export type SuggestionComponent = Suggestion['components'][number];
export type EntryMove = Schema<'EntryMove'>;
export type Entry = Schema<'ProductionEntry'>;
export type LineTotal = Schema<'LineTotal'>;
export type Daily = Schema<'Daily'>;
export type Overview = Schema<'Overview'>;
export type Recipe = Schema<'Recipe'>;
export type CrewMember = ResponseOf<'/api/production/crew', 'get'>['crew'][number];
export type CrewPerson = ResponseOf<'/api/production/crew', 'get'>['available'][number];
