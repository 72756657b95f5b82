import { ActionIcon, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { useNotificationsLive, useUnreadCount } from '../api/notifications';
import classes from './notifications-menu.module.css';

// The list loads when the dropdown first opens: every page carries only the bell and its count.
const NotificationsList = lazy(() => import('./notifications-list'));

/** Navbar bell with the notification dropdown: see all, mark as read, see less (SPEC §1). Live. */
export function NotificationsMenu() {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  useNotificationsLive();
  const unread = useUnreadCount();
  const label = unread > 0 ? `${t('navbar.notifications')} (${t('notifications.unread', { count: unread })})` : t('navbar.notifications');

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="lg" radius="md" withinPortal trapFocus returnFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={36}
          aria-label={label}
          title={t('navbar.notifications')}
          onClick={() => setOpened((o) => !o)}
          data-testid="notifications-button"
          data-unread={unread}
          className={classes.bell}
        >
          <IconBell size={20} aria-hidden />
          {unread > 0 && (
            <span className={classes.badge} aria-hidden data-testid="notifications-count">
              {formatNumber(Math.min(unread, 99), i18n.language)}
            </span>
          )}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label={t('notifications.title')}>
        {opened && (
          <Suspense fallback={<div className={classes.pending} />}>
            <NotificationsList unread={unread} onNavigate={() => setOpened(false)} />
          </Suspense>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
