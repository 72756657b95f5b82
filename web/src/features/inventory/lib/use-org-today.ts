import { usePublicSettings } from '@/lib/public-settings';
import { todayIn } from './format';

/** The organisation's time zone (America/Chicago until settings say otherwise) and its today. */
export function useOrgToday(): { timeZone: string; today: string } {
  const { data } = usePublicSettings();
  const timeZone = data?.time_zone ?? 'America/Chicago';
  return { timeZone, today: todayIn(timeZone) };
}
