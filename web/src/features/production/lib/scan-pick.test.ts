import { describe, expect, it } from 'vitest';
import type { Suggestion } from '../api/types';
import { pickScanned } from './scan-pick';

const batch = (id: number, code: string, on_hand: number) => ({ id, code, on_hand, item_id: 1, expires_at: null, received_at: '2026-01-01' });

// Two components: rice (needs 10 kg: A has 6, B 8, C 20) and bags (needs 5: one batch).
const suggestion: Suggestion = {
  product_id: 9,
  recipe_version: 1,
  units: 5,
  components: [
    { item_id: 1, sku: 'RICE-25', name: 'Rice', quantity: 2, unit: 'kg', needed: 10, on_hand: 34, short: 0, batches: [batch(1, 'A', 6), batch(2, 'B', 8), batch(3, 'C', 20)], picks: [] },
    { item_id: 2, sku: 'BAG-1', name: 'Bags', quantity: 1, unit: 'each', needed: 5, on_hand: 50, short: 0, batches: [batch(4, 'A', 50)], picks: [] },
  ],
};
const fefo = { 1: 6000, 2: 4000, 3: 0, 4: 5000 };

describe('pickScanned', () => {
  it('takes the need from the scanned batch first, the rest in order', () => {
    expect(pickScanned(suggestion, fefo, { sku: 'RICE-25', code: 'c' })).toEqual({ code: 'C', picks: { 1: 0, 2: 0, 3: 10000, 4: 5000 } });
    expect(pickScanned(suggestion, fefo, { sku: 'rice-25', code: 'B' })?.picks).toEqual({ 1: 2000, 2: 8000, 3: 0, 4: 5000 });
  });

  it('uses the label’s SKU to tell apart batches of one code', () => {
    expect(pickScanned(suggestion, fefo, { sku: 'BAG-1', code: 'A' })?.picks).toEqual({ ...fefo, 4: 5000 });
    // A bare code: the first component that has it.
    expect(pickScanned(suggestion, fefo, { code: 'A' })?.picks).toEqual({ 1: 6000, 2: 4000, 3: 0, 4: 5000 });
  });

  it('is null for a batch no component has', () => {
    expect(pickScanned(suggestion, fefo, { sku: 'OIL-5', code: 'A' })).toBeNull();
    expect(pickScanned(suggestion, fefo, { code: 'Z' })).toBeNull();
  });
});
