/** Query keys of the clients feature. */
export const clientKeys = {
  all: ['clients'] as const,
  list: (params: object) => [...clientKeys.all, 'list', params] as const,
  options: () => [...clientKeys.all, 'options'] as const,
};
