import { intlLocale } from '@/lib/format';

/** A quantity with the locale's digits, up to 3 decimals (quantities are exact thousandths). */
export function formatQty(value: number, lng: string): string {
  return new Intl.NumberFormat(intlLocale(lng), { maximumFractionDigits: 3 }).format(value);
}

/** A signed change: +5, −2.5 (0 stays 0). */
export function formatChange(value: number, lng: string): string {
  return new Intl.NumberFormat(intlLocale(lng), { maximumFractionDigits: 3, signDisplay: 'exceptZero' }).format(value);
}

/** A calendar date 'YYYY-MM-DD' in the locale's medium style: the app's one date formatter. */
export { formatCalendarDate as formatDay } from '@/lib/format';

export { todayIn } from '@/lib/org-time';

/** Whole days from `today` to `date` (both 'YYYY-MM-DD'); negative once past. */
export function daysBetween(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** How close a batch is to its expiry, for colouring: expired, soon (≤ 30 days), ok or none. */
export function expiryState(expires: string | null, today: string): 'expired' | 'soon' | 'ok' | 'none' {
  if (!expires) return 'none';
  const d = daysBetween(today, expires);
  if (d < 0) return 'expired';
  if (d <= 30) return 'soon';
  return 'ok';
}
