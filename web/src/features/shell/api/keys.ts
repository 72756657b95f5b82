/** Query keys of the notifications. */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (params: object) => [...notificationKeys.lists(), params] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
};

/** Query keys of the search box. */
export const searchKeys = {
  results: (q: string) => ['search', q] as const,
};
