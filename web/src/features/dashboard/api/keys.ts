/** Query keys of the dashboard's own figures; a write elsewhere that changes one refreshes through these. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  health: () => [...dashboardKeys.all, 'health'] as const,
  backups: () => [...dashboardKeys.all, 'backups'] as const,
  presence: () => [...dashboardKeys.all, 'presence'] as const,
  productionToday: () => [...dashboardKeys.all, 'production-today'] as const,
  recentShipments: () => [...dashboardKeys.all, 'recent-shipments'] as const,
};
