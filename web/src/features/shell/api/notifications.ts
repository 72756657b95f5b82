import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { array, boolean, number, object, optionalString, string } from '@/lib/validate';

/**
 * The three kinds of SPEC §1 (sent a message, uploaded a zip file with a type, started a new topic), and
 * pin_guessing: many wrong PINs for the employee `name` at the kiosk.
 */
export const NOTIFICATION_KINDS = ['message', 'zip_upload', 'topic', 'pin_guessing'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

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
export function parseNotifications(v: unknown): NotificationsPage {
  const o = object(v, 'notifications');
  const notifications = array(o, 'notifications').flatMap((item): AppNotification[] => {
    const n = object(item, 'notification');
    const kind = string(n, 'kind');
    if (!isKind(kind)) return [];
    const params = object(n.params, 'params');
    return [
      {
        id: number(n, 'id'),
        kind,
        params: { name: string(params, 'name'), type: optionalString(params, 'type') },
        read: boolean(n, 'read'),
        created_at: string(n, 'created_at'),
      },
    ];
  });
  return { notifications, unread: number(o, 'unread') };
}

export async function getNotifications(limit: number, signal?: AbortSignal): Promise<NotificationsPage> {
  return parseNotifications(await api.get<unknown>(`/notifications?limit=${limit}`, signal));
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
