import { useSearchParams } from 'react-router';
import { usePublicSettings } from '@/lib/public-settings';
import { todayIn } from './format';

/** The organisation's today, and the day a screen shows: ?date=, else today. */
export function useDay(): { date: string; today: string; timeZone: string; setDate: (d: string) => void } {
  const { data } = usePublicSettings();
  const timeZone = data?.time_zone ?? 'America/Chicago';
  const today = todayIn(timeZone);
  const [params, setParams] = useSearchParams();
  const q = params.get('date');
  const date = q && /^\d{4}-\d{2}-\d{2}$/.test(q) ? q : today;
  const setDate = (d: string) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        n.set('date', d);
        return n;
      },
      { replace: true },
    );
  return { date, today, timeZone, setDate };
}

/** The hours a day's grid shows: the organisation's working day (settings; 6:00–18:00 by default), widened to any hour with entries. */
export function dayHours(entryHours: number[], start = 6, end = 18): number[] {
  const hours = new Set<number>();
  for (let h = start; h < end; h++) hours.add(h);
  for (const h of entryHours) hours.add(h);
  return [...hours].sort((a, b) => a - b);
}
