import { dateTimeFormat, intlLocale, numberFormat } from '@/lib/format';
import { minorDigits } from './format-money';

export { formatMoney, minorDigits } from './format-money';

/** A typed major amount (number input) in minor units, exactly: 12.34 → 1234; null when it has too many decimals. */
export function toMinor(major: number | string, currency: string): number | null {
  const digits = minorDigits(currency);
  const s = typeof major === 'number' ? String(major) : major.trim();
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  const [whole, frac = ''] = s.split('.');
  if (frac.replace(/0+$/, '').length > digits) return null;
  return Number(whole) * 10 ** digits + Number((frac + '0'.repeat(digits)).slice(0, digits) || '0');
}

/** Minor units as a plain major number for an input: 1234 → 12.34. */
export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

/**
 * The invoice arithmetic of the server (internal/payments/money.go), for the draft form's
 * preview: each line quantity × unit price rounded half up, tax half up once on the subtotal.
 * The server's numbers are the ones stored.
 */
export function previewTotals(lines: { quantity: number; unit_price_minor: number }[], taxRateBp: number) {
  let subtotal = 0;
  for (const l of lines) subtotal += Math.round((Math.round(l.quantity * 1000) * l.unit_price_minor) / 1000);
  const tax = Math.round((subtotal * taxRateBp) / 10000);
  return { subtotal, tax, total: subtotal + tax };
}

/** A tax rate in basis points as a percentage for the locale: 2000 → '20%'. */
export function formatRate(bp: number, lng: string): string {
  return numberFormat(intlLocale(lng), { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10000);
}

/** The currencies the server invoices in (internal/organisation Currencies). */
export const CURRENCIES = [
  'USD', 'EUR', 'GBP', 'BRL', 'CNY', 'IRR', 'CAD', 'AUD', 'NZD', 'MXN', 'ARS', 'CLP', 'COP', 'PEN', 'CHF',
  'SEK', 'NOK', 'DKK', 'PLN', 'INR', 'ZAR', 'KES', 'NGN', 'JPY', 'KRW', 'HKD', 'SGD', 'TRY', 'AED', 'KWD',
];

/** A calendar day 'YYYY-MM-DD' in the locale's medium style ('15 Aug 2025'); '—' for none. */
export function formatDay(day: string | null | undefined, lng: string): string {
  if (!day) return '—';
  return dateTimeFormat(intlLocale(lng), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}
