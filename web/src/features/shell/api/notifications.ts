import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api';

/**
 * The three kinds of SPEC §1 (sent a message, uploaded a zip file with a type, started a new topic), and
 * pin_guessing: many wrong PINs for the employee `name` at the kiosk.
 */
export const NOTIFICATION_KINDS = ['message', 'zip_upload', 'topic', 'pin_guessing'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type AppNotification = Omit<Schema<'Notification'>, 'kind' | 'params'> & {
  kind: NotificationKind;
  params: { name: string; type?: string };
};

export interface NotificationsPage {
  notifications: AppNotification[];
  unread: number;
}

const isKind = (k: string): k is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(k);

/** GET /api/notifications?limit=N, newest first. Kinds this app does not know are skipped. */
export async function getNotifications(limit: number, signal?: AbortSignal): Promise<NotificationsPage> {
  const page = await api.get('/api/notifications', { query: { limit }, signal });
  const notifications = page.notifications.flatMap((n): AppNotification[] =>
    isKind(n.kind) ? [{ ...n, kind: n.kind, params: { name: n.params.name ?? '', type: n.params.type } }] : [],
  );
  return { notifications, unread: page.unread };
}

/** POST /api/notifications/read; without ids every notification is marked read. */
export function markNotificationsRead(ids?: number[]) {
  return api.post('/api/notifications/read', { body: ids ? { ids } : {} });
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
