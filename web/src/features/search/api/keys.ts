/** Query keys of the search box. */
export const searchKeys = {
  results: (q: string) => ['search', q] as const,
};
