/** Query keys of the chat. */
export const chatKeys = {
  topics: ['chat', 'topics'] as const,
  messages: (topicId: number) => ['chat', 'messages', topicId] as const,
  people: ['chat', 'people'] as const,
};

/** Query keys of the notifications. */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (params: object) => [...notificationKeys.lists(), params] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
};
