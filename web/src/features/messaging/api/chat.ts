import { type InfiniteData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest, type ResponseOf, type Schema } from '@/lib/api';
import { useLiveEvent } from '@/lib/live';
import { chatKeys } from './keys';

export type Topic = Schema<'Topic'>;
export type Message = Schema<'Message'>;
interface MessagesPage {
  messages: Message[];
  has_more: boolean;
}
type Pages = InfiniteData<MessagesPage>;

/** How many messages one page of history holds. */
export const PAGE_SIZE = 30;
/** How long one's own message can be edited or deleted (the server enforces it too). */
export const EDIT_WINDOW_MS = 10 * 60_000;

export const topicsQuery = queryOptions({
  queryKey: chatKeys.topics,
  queryFn: async ({ signal }) => (await api.get('/api/chat/topics', { signal })).topics,
});

export function useTopics() {
  return useQuery(topicsQuery);
}

/** A topic's messages, newest page first; older pages load backwards (before the oldest shown). */
export function useMessages(topicId: number | null) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(topicId ?? 0),
    enabled: topicId !== null,
    initialPageParam: 0 as number,
    queryFn: ({ pageParam, signal }) =>
      api.get('/api/chat/topics/{id}/messages', {
        path: { id: topicId ?? 0 },
        query: pageParam ? { before: pageParam, limit: PAGE_SIZE } : { limit: PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last: MessagesPage): number | undefined => (last.has_more && last.messages.length > 0 ? last.messages[0].id : undefined),
  });
}

/** Oldest first, across the loaded pages. */
export function flatten(data: Pages | undefined): Message[] {
  return data ? [...data.pages].reverse().flatMap((p) => p.messages) : [];
}

/** Puts a posted, edited or deleted message into the cached pages of its topic. */
function upsert(data: Pages | undefined, m: Message): Pages | undefined {
  if (!data || data.pages.length === 0) return data;
  let found = false;
  const pages = data.pages.map((p) => ({
    ...p,
    messages: p.messages.map((x) => {
      if (x.id !== m.id) return x;
      found = true;
      return m;
    }),
  }));
  if (!found) pages[0] = { ...pages[0], messages: [...pages[0].messages, m].sort((a, b) => a.id - b.id) };
  return { ...data, pages };
}

export function useCreateTopic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post('/api/chat/topics', { body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: chatKeys.topics }),
  });
}

export function usePostMessage(topicId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post('/api/chat/topics/{id}/messages', { path: { id: topicId }, body: { text } }),
    onSuccess: (m) => {
      client.setQueryData<Pages>(chatKeys.messages(topicId), (d) => upsert(d, m));
      void client.invalidateQueries({ queryKey: chatKeys.topics });
    },
  });
}

export function useEditMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) => api.patch('/api/chat/messages/{id}', { path: { id }, body: { text } }),
    onSuccess: (m) => client.setQueryData<Pages>(chatKeys.messages(m.topic_id), (d) => upsert(d, m)),
  });
}

export function useDeleteMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (m: Message) =>
      apiRequest<ResponseOf<'/api/chat/messages/{id}', 'delete'>>(`/api/chat/messages/${m.id}`, { method: 'DELETE' }),
    onSuccess: (_r, m) => client.setQueryData<Pages>(chatKeys.messages(m.topic_id), (d) => upsert(d, { ...m, text: '', deleted: true })),
  });
}

/** Marks a topic read up to a message, and clears its unread mark in the list at once. */
export function useMarkTopicRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ topicId, messageId }: { topicId: number; messageId: number }) =>
      api.post('/api/chat/topics/{id}/read', { path: { id: topicId }, body: { message_id: messageId } }),
    onMutate: ({ topicId, messageId }) =>
      client.setQueryData<Topic[]>(chatKeys.topics, (list) =>
        list?.map((t) => (t.id === topicId ? { ...t, unread: 0, last_read_id: Math.max(t.last_read_id, messageId) } : t)),
      ),
  });
}

/** Keeps topics and messages current from the live stream. */
export function useChatLive() {
  const client = useQueryClient();
  useLiveEvent('chat.message', ({ message }) => {
    client.setQueryData<Pages>(chatKeys.messages(message.topic_id), (d) => upsert(d, message));
    void client.invalidateQueries({ queryKey: chatKeys.topics });
  });
  useLiveEvent('chat.topic', () => void client.invalidateQueries({ queryKey: chatKeys.topics }));
}

/** The colleagues a message can @mention: the active users, by name (GET /api/projects/options' people). */
export const peopleQuery = queryOptions({
  queryKey: chatKeys.people,
  queryFn: async ({ signal }) => (await api.get('/api/projects/options', { signal })).people,
  staleTime: 5 * 60_000,
});

/** Loads the colleagues once the first "@" is typed (enabled), then keeps them for a while. */
export function usePeople(enabled: boolean) {
  return useQuery({ ...peopleQuery, enabled });
}
