import { paths } from '@/config/paths';
import type { DocumentRecord } from '../api/types';
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

/**
 * Where a document's link leads: a batch to its page under its item, a shipment to the
 * shipping log filtered on its number, an employee to their time (their punches), a
 * production entry to that day's report with its line picked out, a project to its page.
 * Null when the target is unknown (gone, or a production entry read without its day).
 */
export function linkHref(d: Pick<DocumentRecord, 'link_kind' | 'link_id' | 'link_label' | 'link_date' | 'link_line_id'>): string | null {
  if (!d.link_kind || d.link_id == null || !d.link_label) return null;
  switch (d.link_kind) {
    case 'batch':
      return paths.app.inventoryBatch.getHref(d.link_id);
    case 'shipment':
      return paths.app.shippingLog.getHref(d.link_label);
    case 'employee':
      return paths.app.employeeTime.getHref(d.link_id);
    case 'production':
      return d.link_date ? paths.app.production.daily.getHref(d.link_date, d.link_line_id ?? undefined) : null;
    case 'project':
      return paths.app.project.getHref(d.link_id);
    default:
      return null;
  }
}
