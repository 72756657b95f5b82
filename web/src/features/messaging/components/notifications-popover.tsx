import '../lib/notifications-strings';
import { Popover } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationsBell } from './notifications-bell';
import { useOpenOnMount } from '@/lib/open-on-mount';
import classes from './notifications-menu.module.css';

// The list loads when the dropdown first opens: every page carries only the bell and its count.
const NotificationsList = lazy(() => import('./notifications-list'));

/** The bell's dropdown, loaded on first use (./notifications-menu.tsx); opens as it mounts. */
export default function NotificationsPopover({ unread }: { unread: number }) {
  const { t } = useTranslation();
  const { target, opened, setOpened } = useOpenOnMount<HTMLButtonElement>();
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="lg" radius="md" withinPortal trapFocus returnFocus>
      <Popover.Target>
        <NotificationsBell ref={target} unread={unread} onClick={() => setOpened((o) => !o)} />
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
