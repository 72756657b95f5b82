/**
 * Small runtime checks for API answers on the always-loaded screens (shell, dashboard),
 * where a schema library would cost a noticeable share of the page-weight budget.
 * Each throws a TypeError naming the field when the shape is wrong.
 */
export type Json = Record<string, unknown>;

export function object(v: unknown, what = 'value'): Json {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new TypeError(`${what}: expected an object`);
  return v as Json;
}

export function string(o: Json, key: string): string {
  const v = o[key];
  if (typeof v !== 'string') throw new TypeError(`${key}: expected a string`);
  return v;
}

export function optionalString(o: Json, key: string): string | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new TypeError(`${key}: expected a string`);
  return v;
}

export function number(o: Json, key: string): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new TypeError(`${key}: expected a number`);
  return v;
}

export function boolean(o: Json, key: string): boolean {
  const v = o[key];
  if (typeof v !== 'boolean') throw new TypeError(`${key}: expected a boolean`);
  return v;
}

export function array(o: Json, key: string): unknown[] {
  const v = o[key];
  if (!Array.isArray(v)) throw new TypeError(`${key}: expected an array`);
  return v;
}
