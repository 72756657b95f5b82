import { lazy } from 'react';
// What other features may use of the inventory.
export { warningsQuery, useWarnings, type Warnings } from './api/get-warnings';
export type { ExpiringBatch, Item } from './api/types';
/** The trace of a shipment, lazily loaded: what it carried, down to the raw batches. */
export const ShipmentTrace = lazy(() => import('./components/shipment-trace'));
