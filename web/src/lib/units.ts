import type { TFunction } from 'i18next';
import { setQuantityFormatter } from './errors';
import { intlLocale, numberFormat } from './format';

/** Packaging units the locale files name, each typed as the word or its plural (+es after x and ch, else +s). */
const COUNTED = ['roll', 'bag', 'box', 'case', 'pallet', 'pack', 'pouch', 'sheet', 'bottle', 'can', 'carton', 'jar', 'tray', 'sack'];

/**
 * Units of measure the locale files name (`units.<key>`), under the spellings people
 * type for them. An item's unit is free text; these are the common ones.
 */
const UNIT_KEYS: Record<string, string> = {
  kg: 'kg', kgs: 'kg', kilo: 'kg', kilos: 'kg', kilogram: 'kg', kilograms: 'kg',
  g: 'g', gram: 'g', grams: 'g',
  l: 'l', litre: 'l', litres: 'l', liter: 'l', liters: 'l',
  ml: 'ml', millilitre: 'ml', millilitres: 'ml', milliliter: 'ml', milliliters: 'ml',
  m: 'm', metre: 'm', metres: 'm', meter: 'm', meters: 'm',
  each: 'each', ea: 'each', pc: 'each', pcs: 'each', piece: 'each', pieces: 'each', unit: 'each', units: 'each',
  ...Object.fromEntries(COUNTED.flatMap((w) => [[w, w], [/(x|ch)$/.test(w) ? `${w}es` : `${w}s`, w]])),
};

/** The locale key of a unit ('ROLL', 'Rolls' → 'roll'), or null for one the locales do not name. */
export function unitKey(unit: string): string | null {
  return UNIT_KEYS[unit.trim().toLowerCase()] ?? null;
}

/**
 * A unit's name in the interface language, in the plural form for `count` of it ('9 rolls',
 * '1 roll'); without a count, the form for several (labels such as 'Quantity (rolls)').
 * A unit the locales do not know stays as the item has it.
 */
export function unitName(unit: string, t: TFunction, count?: number): string {
  const key = unitKey(unit);
  if (!key) return unit;
  return t(`units.${key}`, { count: count === undefined ? 2 : Math.abs(count) });
}

/**
 * A quantity with its unit, the one way every screen writes one: the number in the
 * language's digits (up to three decimals; `signed` for a change, '+5'), then the unit's
 * name in the plural form for that number ('1 pouch', '30 pouches', '۳۰ کیسه').
 */
export function formatQuantity(value: number, unit: string, t: TFunction, lng: string, options: { signed?: boolean } = {}): string {
  const qty = numberFormat(intlLocale(lng), { maximumFractionDigits: 3, signDisplay: options.signed ? 'exceptZero' : 'auto' }).format(value);
  return t('units.quantity', { qty, unit: unitName(unit, t, value) });
}

// A stock error's quantities ('only 1 pouch on hand') are written the same way.
setQuantityFormatter(formatQuantity);
