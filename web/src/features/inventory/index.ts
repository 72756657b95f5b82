// What other features may use of the inventory.
import { lazy } from 'react';
export { warningsQuery, useWarnings, type Warnings } from './api/get-warnings';
export type { ExpiringBatch, Item, ItemBatch } from './api/types';
export { ScanButton } from './scan/lazy-scan-button';
export type { LabelRef } from './scan/label-url';
export { inventoryKeys } from './api/keys';
/** Asks why an expired batch is used (a dialog, so in a chunk of its own: the dashboard imports this index). */
export const ExpiredConfirm = lazy(() => import('./components/expired-confirm'));
export { expiredIndex } from './lib/expired';
