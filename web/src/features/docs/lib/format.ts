import { intlLocale } from '@/lib/format';

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A size in the user's language: '812 kB', '3.4 MB' (binary steps, as the limit is set in MiB). */
export function formatBytes(bytes: number, lng: string): string {
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return new Intl.NumberFormat(intlLocale(lng), {
    style: 'unit',
    unit: UNITS[i],
    // 'narrow' for bytes: '712B', not '712 byte'.
    unitDisplay: i === 0 ? 'narrow' : 'short',
    maximumFractionDigits: i === 0 || v >= 100 ? 0 : 1,
  }).format(v);
}
