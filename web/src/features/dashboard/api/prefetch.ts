import { warningsQuery } from '@/features/inventory';
import { openRecallsQuery } from '@/features/recalls';
import { whoIsInQuery } from '@/features/timeclock';
import { readToken } from '@/lib/auth/token-storage';
import { queryClient } from '@/lib/react-query';
import { productionTodayQuery } from './production-today';
import { recentShipmentsQuery } from './recent-shipments';

/**
 * Asks for the dashboard's figures as soon as the router has matched the page (its route's
 * loader), beside the page's code, strings and session check rather than after them; the cards
 * then find their answers arriving or arrived. Every role sees these cards. A visitor without a
 * sign-in on this device asks for nothing (the guard sends them to sign in).
 */
export function prefetchDashboard(): void {
  if (!readToken()) return;
  void queryClient.prefetchQuery(whoIsInQuery);
  void queryClient.prefetchQuery(productionTodayQuery);
  void queryClient.prefetchQuery(warningsQuery(30));
  void queryClient.prefetchQuery(recentShipmentsQuery);
  void queryClient.prefetchQuery(openRecallsQuery);
}
