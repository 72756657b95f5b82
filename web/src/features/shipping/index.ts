// What other features may use of shipping.
import './strings';
export { BatchShipments } from './components/batch-shipments';
export type { BatchShipment, Shipment } from './api/shipments';
export { shippingKeys } from './api/keys';
