/** Query keys of the documents feature; mutations invalidate through these. */
export const docKeys = {
  all: ['documents'] as const,
  lists: () => [...docKeys.all, 'list'] as const,
  list: (params: object) => [...docKeys.lists(), params] as const,
  trash: (params: object) => [...docKeys.all, 'trash', params] as const,
  limits: () => [...docKeys.all, 'limits'] as const,
  one: (id: number | undefined) => [...docKeys.all, 'one', id] as const,
  content: (id: number | undefined) => [...docKeys.all, 'content', id] as const,
};
