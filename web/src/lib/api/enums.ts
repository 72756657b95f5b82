/**
 * The values of an enum of the OpenAPI document, listed for the UI (a select, a filter)
 * and checked both ways by tsc: a value the document does not name fails, and so does a
 * value of the document missing from the list (the error names it).
 *
 *   export const ITEM_KINDS = enumValues<Schema<'ItemKind'>>()(['raw_material', 'packaging', 'finished_good']);
 */
export function enumValues<T extends string>() {
  return <const L extends readonly T[]>(
    list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : { missing: Exclude<T, L[number]> }),
  ): L => list;
}
