/** Query keys of the chat. */
export const chatKeys = {
  topics: ['chat', 'topics'] as const,
  messages: (topicId: number) => ['chat', 'messages', topicId] as const,
  people: ['chat', 'people'] as const,
};
