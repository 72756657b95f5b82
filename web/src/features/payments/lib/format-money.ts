import { intlLocale, numberFormat } from '@/lib/format';

/** How many minor units make one major unit of a currency, as a power of ten (USD 2, JPY 0). */
export function minorDigits(currency: string): number {
  try {
    return numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in minor units shown in the locale's way: 123456 USD → '$1,234.56', 'US$ 1.234,56', … */
export function formatMoney(minor: number, currency: string, lng: string): string {
  const digits = minorDigits(currency);
  try {
    return numberFormat(intlLocale(lng), { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
      minor / 10 ** digits,
    );
  } catch {
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
  }
}
