import { ActionIcon, Box, Button, Divider, Group, Loader, Popover, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBell, IconBellCheck, IconFileZip, IconLock, IconMessage, IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatRelative } from '@/lib/format';
import { useMarkNotificationsRead, useNotifications, type AppNotification, type NotificationKind } from '../api/notifications';
import classes from './notifications-menu.module.css';

/** How many notifications the dropdown shows before "See all". */
export const NOTIFICATIONS_PREVIEW = 5;
/** How many "See all" shows. */
export const NOTIFICATIONS_ALL = 50;

const KIND_KEY: Record<NotificationKind, string> = {
  message: 'notifications.kinds.message',
  zip_upload: 'notifications.kinds.zipUpload',
  topic: 'notifications.kinds.topic',
  pin_guessing: 'notifications.kinds.pinGuessing',
};

const KIND_ICON = { message: IconMessage, zip_upload: IconFileZip, topic: IconMessages, pin_guessing: IconLock } as const;

/** The translated sentence for one notification, with its name and type. */
export function useNotificationText() {
  const { t } = useTranslation();
  return (n: AppNotification) => t(KIND_KEY[n.kind], { name: n.params.name, type: n.params.type ?? '' });
}

function NotificationRow({ n }: { n: AppNotification }) {
  const { i18n } = useTranslation();
  const text = useNotificationText();
  const Icon = KIND_ICON[n.kind];
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start" className={classes.row} data-unread={!n.read || undefined}>
      <ThemeIcon variant="light" radius="xl" size={32} color={n.read ? 'gray' : 'primary'}>
        <Icon size={16} aria-hidden />
      </ThemeIcon>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={n.read ? 400 : 600}>
          {text(n)}
        </Text>
        <Text size="xs" c="dimmed">
          <time dateTime={n.created_at}>{formatRelative(n.created_at, i18n.language)}</time>
        </Text>
      </Box>
      {!n.read && <span className={classes.dot} aria-hidden />}
    </Group>
  );
}

/** Navbar bell with the notification dropdown: see all, mark as read, see less (SPEC §1). */
export function NotificationsMenu() {
  const { t, i18n } = useTranslation();
  const [showAll, setShowAll] = useState(false);
  const [opened, setOpened] = useState(false);
  const limit = showAll ? NOTIFICATIONS_ALL : NOTIFICATIONS_PREVIEW;
  const { data, isPending, isError } = useNotifications(limit);
  const markRead = useMarkNotificationsRead();
  const unread = data?.unread ?? 0;
  const items = data?.notifications ?? [];
  const label = unread > 0 ? `${t('navbar.notifications')} (${t('notifications.unread', { count: unread })})` : t('navbar.notifications');

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={360}
      shadow="lg"
      radius="md"
      withinPortal
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={36}
          aria-label={label}
          title={t('navbar.notifications')}
          onClick={() => setOpened((o) => !o)}
          data-testid="notifications-button"
          className={classes.bell}
        >
          <IconBell size={20} aria-hidden />
          {unread > 0 && (
            <span className={classes.badge} aria-hidden>
              {formatNumber(Math.min(unread, 99), i18n.language)}
            </span>
          )}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label={t('notifications.title')}>
        <Group justify="space-between" px="md" py="sm" wrap="nowrap">
          <Text fw={700}>{t('notifications.title')}</Text>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconBellCheck size={16} aria-hidden />}
            disabled={unread === 0}
            loading={markRead.isPending}
            onClick={() => markRead.mutate(undefined)}
          >
            {t('notifications.markAsRead')}
          </Button>
        </Group>
        <Divider />
        {isPending ? (
          <Group justify="center" p="lg">
            <Loader size="sm" aria-label={t('common.loading')} />
          </Group>
        ) : isError ? (
          <Text p="md" size="sm" c="red">
            {t('notifications.loadFailed')}
          </Text>
        ) : items.length === 0 ? (
          <Stack align="center" gap={4} p="lg" ta="center">
            <ThemeIcon variant="light" radius="xl" size={44} color="gray">
              <IconBellCheck size={22} aria-hidden />
            </ThemeIcon>
            <Text fw={600} size="sm">
              {t('notifications.emptyTitle')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('notifications.emptyText')}
            </Text>
          </Stack>
        ) : (
          <Box className={classes.scroll} mah={showAll ? 420 : undefined}>
            <Box component="ul" m={0} p={0} className={classes.list} aria-label={t('notifications.title')}>
              {items.map((n) => (
                <NotificationRow key={n.id} n={n} />
              ))}
            </Box>
          </Box>
        )}
        {(showAll || items.length >= NOTIFICATIONS_PREVIEW) && (
          <>
            <Divider />
            <UnstyledButton className={classes.footer} onClick={() => setShowAll((v) => !v)} aria-expanded={showAll}>
              {showAll ? t('notifications.seeLess') : t('notifications.seeAll')}
            </UnstyledButton>
          </>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
