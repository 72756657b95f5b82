import type { LabelRef } from '@/features/inventory';
import type { Suggestion } from '../api/types';

/** Quantities are exact thousandths: compare and add them as integers. */
const milli = (v: number) => Math.round(v * 1000);

/** Batch id → quantity taken (thousandths), as the entry dialog keeps its picks. */
export type Picks = Record<number, number>;

/**
 * A scanned label's batch among the components' batches, and the picks with it used first:
 * its component's need is taken from it as far as it holds, the rest from the others in
 * their order (first expiring first). Null when no component has that batch in stock.
 */
export function pickScanned(s: Suggestion, picks: Picks, ref: LabelRef): { code: string; picks: Picks } | null {
  const code = ref.code.toUpperCase();
  const sku = ref.sku?.toUpperCase();
  for (const c of s.components) {
    if (sku && (c.sku ?? '').toUpperCase() !== sku) continue;
    const hit = c.batches.find((b) => b.code.toUpperCase() === code);
    if (!hit) continue;
    const next = { ...picks };
    let left = milli(c.needed);
    for (const b of [hit, ...c.batches.filter((x) => x.id !== hit.id)]) {
      const take = Math.min(milli(b.on_hand), left);
      next[b.id] = take;
      left -= take;
    }
    return { code: hit.code, picks: next };
  }
  return null;
}
