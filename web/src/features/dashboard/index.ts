// What other features may use of the dashboard: the keys and queries of its own figures, so
// that a write elsewhere (a production entry, a shipment) refreshes what the dashboard shows.
export { dashboardKeys } from './api/keys';
export { productionTodayQuery } from './api/production-today';
export { recentShipmentsQuery } from './api/recent-shipments';
