import { useQuery } from '@tanstack/react-query';
import { warningsQuery } from '@/features/inventory';

/** The inventory's warnings for the next 30 days, refreshed every five minutes on the dashboard. */
export function useStockWarnings() {
  return useQuery({ ...warningsQuery(30), refetchInterval: 5 * 60_000 });
}
