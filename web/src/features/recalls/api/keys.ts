/** Query keys of the recalls feature. */
export const recallKeys = {
  all: ['recalls'] as const,
  list: (p: object) => [...recallKeys.all, 'list', p] as const,
  one: (id: number) => [...recallKeys.all, id] as const,
};
