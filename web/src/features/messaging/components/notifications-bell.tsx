import { ActionIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@/lib/format';
import classes from './notifications-menu.module.css';

// The unread count's words are in the shell's namespace; the rest of the notifications'
// strings come with the dropdown (../lib/notifications-strings).
/** The navbar bell with the unread count. */
export function NotificationsBell({ unread, ...props }: { unread: number } & ComponentPropsWithRef<'button'>) {
  const { t, i18n } = useTranslation();
  const count = formatCount(unread, i18n.language);
  // The name holds the count as the badge shows it (۳ in Persian, 99+), so the words a
  // speech user reads off the screen name the button (WCAG 2.5.3).
  const label = unread > 0 ? `${t('navbar.notifications')}: ${t('notifications.unread', { count })}` : t('navbar.notifications');
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size={36}
      aria-label={label}
      title={t('navbar.notifications')}
      aria-haspopup="dialog"
      data-testid="notifications-button"
      data-unread={unread}
      className={classes.bell}
      {...props}
    >
      <IconBell size={20} aria-hidden />
      {unread > 0 && (
        <span className={classes.badge} aria-hidden data-testid="notifications-count">
          {count}
        </span>
      )}
    </ActionIcon>
  );
}
