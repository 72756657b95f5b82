// What other features may use of the inventory.
export { warningsQuery, useWarnings, type Warnings } from './api/get-warnings';
export type { ExpiringBatch, Item, ItemBatch } from './api/types';
export { ScanButton } from './scan/lazy-scan-button';
export type { LabelRef } from './scan/label-url';
export { inventoryKeys } from './api/keys';
export { HeldBadge } from './components/held-badge';
export { ExpiredConfirm, expiredIndex } from './components/expired-confirm';
