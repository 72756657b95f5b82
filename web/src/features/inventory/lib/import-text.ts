import type { TFunction } from 'i18next';
import { formatQty } from './format';

/** '3 rows', '1 new item': a count in the words and plural form of the language. */
function counted(t: TFunction, key: string, n: number, lng: string): string {
  return t(key, { count: n, n: formatQty(n, lng) });
}

/** The preview's summary: '3 rows: 2 new items and 1 batch of opening stock.' */
export function importSummary(t: TFunction, lng: string, rows: number, items: number, batches: number): string {
  return t('inventory.import.summary', {
    rows: counted(t, 'inventory.import.rows', rows, lng),
    items: counted(t, 'inventory.import.newItems', items, lng),
    batches: counted(t, 'inventory.import.newBatches', batches, lng),
  });
}

/** The toast once imported: 'Imported 1 new item and 2 batches.' */
export function importDone(t: TFunction, lng: string, items: number, batches: number): string {
  return t('inventory.import.done', {
    items: counted(t, 'inventory.import.newItems', items, lng),
    batches: counted(t, 'inventory.import.batches', batches, lng),
  });
}
