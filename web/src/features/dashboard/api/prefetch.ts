import { warningsQuery } from '@/features/inventory';
import { openRecallsQuery } from '@/features/recalls';
import { whoIsInQuery } from '@/features/timeclock';
import { session } from '@/lib/auth/session';
import { queryClient } from '@/lib/react-query';
import { productionTodayQuery } from './production-today';
import { recentShipmentsQuery } from './recent-shipments';

/**
 * Asks for the dashboard's figures as soon as the router has matched the page (its route's
 * loader) and the session is known to be signed in, beside the page's code and strings rather
 * than after them; the cards then find their answers arriving or arrived. Every role sees
 * these cards. A visitor signed out asks for nothing (the guard sends them to sign in).
 */
export async function prefetchDashboard(): Promise<void> {
  await session.ready();
  if (session.getState().status !== 'authenticated') return;
  void queryClient.prefetchQuery(whoIsInQuery);
  void queryClient.prefetchQuery(productionTodayQuery);
  void queryClient.prefetchQuery(warningsQuery(30));
  void queryClient.prefetchQuery(recentShipmentsQuery);
  void queryClient.prefetchQuery(openRecallsQuery);
}
