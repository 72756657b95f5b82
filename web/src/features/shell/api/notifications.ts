import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';

/** The three kinds of SPEC §1: sent a message, uploaded a zip file with a type, started a new topic. */
export const NOTIFICATION_KINDS = ['message', 'zip_upload', 'topic'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

const notificationSchema = z.object({
  id: z.number(),
  kind: z.string(),
  params: z.object({ name: z.string(), type: z.optional(z.string()) }),
  read: z.boolean(),
  created_at: z.string(),
});

const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number(),
});

export interface AppNotification {
  id: number;
  kind: NotificationKind;
  params: { name: string; type?: string };
  read: boolean;
  created_at: string;
}

export interface NotificationsPage {
  notifications: AppNotification[];
  unread: number;
}

const isKind = (k: string): k is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(k);

/** GET /api/notifications?limit=N, newest first. Kinds this app does not know are skipped. */
export async function getNotifications(limit: number, signal?: AbortSignal): Promise<NotificationsPage> {
  const data = notificationsResponseSchema.parse(await api.get<unknown>(`/notifications?limit=${limit}`, signal));
  return {
    unread: data.unread,
    notifications: data.notifications.flatMap((n) => (isKind(n.kind) ? [{ ...n, kind: n.kind }] : [])),
  };
}

/** POST /api/notifications/read; without ids every notification is marked read. */
export function markNotificationsRead(ids?: number[]): Promise<{ success: boolean }> {
  return api.post<{ success: boolean }>('/notifications/read', ids ? { ids } : {});
}

export const notificationsQuery = (limit: number) =>
  queryOptions({
    queryKey: ['notifications', { limit }],
    queryFn: ({ signal }) => getNotifications(limit, signal),
    refetchInterval: 60_000,
  });

export function useNotifications(limit: number) {
  return useQuery(notificationsQuery(limit));
}

export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => markNotificationsRead(ids),
    onSuccess: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
