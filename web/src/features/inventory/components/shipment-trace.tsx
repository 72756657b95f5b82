import '../strings';
export { ShipmentTraceView as default } from './batch-trace';
