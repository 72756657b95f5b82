import { lazy, Suspense } from 'react';
import { useNotificationsLive, useUnreadCount } from '../api/notifications';
import { useFirstUse } from '@/lib/first-use';
import { NotificationsBell } from './notifications-bell';

// The popover (and Mantine's Popover with it) loads on first use; the bell and its live
// count are on every page.
const load = () => import('./notifications-popover');
const NotificationsPopover = lazy(load);

/** Navbar bell with the notification dropdown: see all, mark as read, see less (SPEC §1). Live. */
export function NotificationsMenu() {
  useNotificationsLive();
  const unread = useUnreadCount();
  const { used, handlers } = useFirstUse(load);
  if (!used) return <NotificationsBell unread={unread} {...handlers} />;
  return (
    <Suspense fallback={<NotificationsBell unread={unread} aria-busy="true" />}>
      <NotificationsPopover unread={unread} />
    </Suspense>
  );
}
