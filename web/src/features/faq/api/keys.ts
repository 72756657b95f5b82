/** Query keys of the FAQ. */
export const faqKeys = {
  all: ['faq'] as const,
  list: (lang: string, search: string, topic: string) => [...faqKeys.all, 'list', lang, search, topic] as const,
  one: (id: number) => [...faqKeys.all, 'one', id] as const,
};
