import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, enumValues, type Schema } from '@/lib/api';
import { useLiveEvent } from '@/lib/live';
import { notificationKeys } from './keys';

/**
 * The three kinds of SPEC §1 (sent a message, uploaded a zip file with a type, started a new topic);
 * pin_guessing: many wrong PINs for the employee `name` at the kiosk; and those the work raises:
 * low_stock (a move took the item `name` to its reorder level), forgotten_clockout (the employee `name`
 * has been clocked in over `hours` hours), invoice_paid (invoice `invoice` of `client` is fully paid),
 * recall_started (recall `recall` of batch `batch` of `name` started for `reason`, holding `batches`).
 */
export type NotificationKind = Schema<'NotificationKind'>;
export const NOTIFICATION_KINDS = enumValues<NotificationKind>()(['message', 'zip_upload', 'topic', 'pin_guessing', 'low_stock', 'forgotten_clockout', 'invoice_paid', 'recall_started', 'offline_punch_refused']);

export type AppNotification = Omit<Schema<'Notification'>, 'kind' | 'params'> & {
  kind: NotificationKind;
  params: {
    name: string;
    type?: string;
    topic?: string;
    sku?: string;
    on_hand?: string;
    reorder_level?: string;
    unit?: string;
    hours?: string;
    since?: string;
    invoice?: string;
    client?: string;
    total?: string;
    currency?: string;
    recall?: string;
    batch?: string;
    reason?: string;
    batches?: string;
    /** offline_punch_refused: clockin or clockout, the tablet's time (RFC 3339). */
    action?: string;
    at?: string;
  };
};

export interface NotificationsPage {
  notifications: AppNotification[];
  unread: number;
  /** Notifications the filter keeps (all pages). */
  total: number;
}

/** What the notifications page asks for: a kind, unread only, a page of `limit`. */
export interface NotificationsFilter {
  kind?: NotificationKind;
  unread?: boolean;
  page?: number;
}

const isKind = (k: string): k is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(k);

/** GET /api/notifications?limit=N (&kind, &unread, &page), newest first. Kinds this app does not know are skipped. */
export async function getNotifications(limit: number, signal?: AbortSignal, f: NotificationsFilter = {}): Promise<NotificationsPage> {
  const query = { limit, page: f.page, kind: f.kind, unread: f.unread || undefined };
  const page = await api.get('/api/notifications', { query, signal });
  const notifications = page.notifications.flatMap((n): AppNotification[] =>
    isKind(n.kind) ? [{ ...n, kind: n.kind, params: { ...n.params, name: n.params.name ?? '' } }] : [],
  );
  return { notifications, unread: page.unread, total: page.total };
}

/** POST /api/notifications/read; without ids every notification is marked read. */
export function markNotificationsRead(ids?: number[]) {
  return api.post('/api/notifications/read', { body: ids ? { ids } : {} });
}

export const notificationsQuery = (limit: number, f: NotificationsFilter = {}) =>
  queryOptions({
    queryKey: notificationKeys.list({ limit, ...f }),
    queryFn: ({ signal }) => getNotifications(limit, signal, f),
  });

/** The unread count on the bell: one request at start, then the live events keep it. */
export const unreadQuery = queryOptions({
  queryKey: notificationKeys.unread(),
  queryFn: async ({ signal }) => (await api.get('/api/notifications', { query: { limit: 1 }, signal })).unread,
  staleTime: Infinity,
});

export function useNotifications(limit: number) {
  return useQuery(notificationsQuery(limit));
}

export function useUnreadCount(): number {
  return useQuery(unreadQuery).data ?? 0;
}

/** Keeps the bell and any open list current from the `notification` events. */
export function useNotificationsLive() {
  const client = useQueryClient();
  useLiveEvent('notification', (d) => {
    client.setQueryData(unreadQuery.queryKey, d.unread);
    void client.invalidateQueries({ queryKey: notificationKeys.lists() });
  });
}

export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => markNotificationsRead(ids),
    onSuccess: (res) => {
      client.setQueryData(unreadQuery.queryKey, res.unread);
      return client.invalidateQueries({ queryKey: notificationKeys.lists() });
    },
  });
}
