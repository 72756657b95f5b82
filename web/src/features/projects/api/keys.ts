/** Query keys of the projects feature: a write that changes a project's figures refreshes through these. */
export const projectKeys = {
  all: ['projects'] as const,
  list: (params: object) => [...projectKeys.all, 'list', params] as const,
  one: (id: number) => [...projectKeys.all, id] as const,
  options: () => [...projectKeys.all, 'options'] as const,
  products: () => [...projectKeys.all, 'products'] as const,
  invoices: (id: number) => [...projectKeys.one(id), 'invoices'] as const,
  forClient: (clientId: number | null) => [...projectKeys.all, 'for-client', clientId] as const,
};
