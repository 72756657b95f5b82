// What other features may use of the inventory.
export { warningsQuery, useWarnings, type Warnings } from './api/get-warnings';
export type { ExpiringBatch, Item } from './api/types';
