/** Query keys of the partners feature. */
export const partnerKeys = {
  all: ['partners'] as const,
  list: (params: object) => [...partnerKeys.all, 'list', params] as const,
  /** The active partners a shipment's destination picker offers for a search. */
  picker: (search: string, includeArchived = false) => [...partnerKeys.all, 'picker', search, includeArchived] as const,
  /** One partner. */
  one: (id: number) => [...partnerKeys.all, 'one', id] as const,
};
