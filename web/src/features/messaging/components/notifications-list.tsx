import '../lib/notifications-strings';
import { ActionIcon, Box, Button, Divider, Group, Loader, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBellCheck, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { formatRelative } from '@/lib/format';
import { useOrgTimeZone } from '@/lib/org-time';
import { useMarkNotificationsRead, useNotifications, type AppNotification } from '../api/notifications';
import { KIND_ICON, notificationText } from '../lib/notification-text';
import classes from './notifications-menu.module.css';

/** How many notifications the dropdown shows; "See all" opens the notifications page. */
export const NOTIFICATIONS_PREVIEW = 5;

/** One notification: its sentence (opens its place), when, and mark read. */
export function NotificationRow({ n, onOpen, onRead }: { n: AppNotification; onOpen: () => void; onRead: () => void }) {
  const { t, i18n } = useTranslation();
  const timeZone = useOrgTimeZone();
  const Icon = KIND_ICON[n.kind];
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start" className={classes.row} data-unread={!n.read || undefined}>
      <ThemeIcon variant="light" radius="xl" size={32} color={n.read ? 'gray' : 'primary'}>
        <Icon size={16} aria-hidden />
      </ThemeIcon>
      <UnstyledButton className={classes.open} onClick={onOpen}>
        <Text size="sm" fw={n.read ? 400 : 600}>
          {notificationText(n, t, i18n.language, timeZone)}
        </Text>
        {n.params.topic && (
          <Text size="xs" c="dimmed" dir="auto" truncate>
            # {n.params.topic}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          <time dateTime={n.created_at}>{formatRelative(n.created_at, i18n.language)}</time>
        </Text>
      </UnstyledButton>
      {!n.read && (
        <ActionIcon variant="subtle" size="sm" aria-label={t('notifications.markOneRead')} title={t('notifications.markOneRead')} onClick={onRead}>
          <IconCheck size={14} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}

/** Nothing to show: all caught up (or, with `text`, nothing the filters keep). */
export function NotificationsEmpty({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap={4} p="lg" ta="center">
      <ThemeIcon variant="light" radius="xl" size={44} color="gray">
        <IconBellCheck size={22} aria-hidden />
      </ThemeIcon>
      <Text fw={600} size="sm">
        {t('notifications.emptyTitle')}
      </Text>
      <Text size="xs" c="dimmed">
        {text ?? t('notifications.emptyText')}
      </Text>
    </Stack>
  );
}

/** Opening a notification marks it read and goes to its place. */
export function useOpenNotification(then?: () => void) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationsRead();
  return (n: AppNotification) => {
    if (!n.read) markRead.mutate([n.id]);
    then?.();
    if (n.link) void navigate(n.link);
  };
}

/** The dropdown's content (loaded when it first opens): the newest, mark read, see less (closes it), see all (the notifications page). */
export default function NotificationsList({ unread, onNavigate }: { unread: number; onNavigate: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isPending, isError } = useNotifications(NOTIFICATIONS_PREVIEW);
  const markRead = useMarkNotificationsRead();
  const items = data?.notifications ?? [];
  const open = useOpenNotification(onNavigate);

  return (
    <>
      <Group justify="space-between" px="md" py="sm" wrap="nowrap">
        <Text fw={700}>{t('notifications.title')}</Text>
        <Button
          variant="subtle"
          size="compact-sm"
          // A long label (Persian's is three words) wraps rather than being cut off.
          h="auto"
          miw={0}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
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
        <NotificationsEmpty />
      ) : (
        <Box className={classes.scroll}>
          <Box component="ul" m={0} p={0} className={classes.list} aria-label={t('notifications.title')}>
            {items.map((n) => (
              <NotificationRow key={n.id} n={n} onOpen={() => open(n)} onRead={() => markRead.mutate([n.id])} />
            ))}
          </Box>
        </Box>
      )}
      <Divider />
      {/* SPEC §1's three actions: mark as read (above), see all (the notifications page) and see less (folds the list away). */}
      <Group gap={0} wrap="nowrap" grow>
        <UnstyledButton className={classes.footer} data-testid="notifications-see-less" onClick={onNavigate}>
          {t('notifications.seeLess')}
        </UnstyledButton>
        <UnstyledButton
          className={classes.footer}
          data-testid="notifications-see-all"
          onClick={() => {
            onNavigate();
            void navigate(paths.app.notifications.path);
          }}
        >
          {t('notifications.seeAll')}
        </UnstyledButton>
      </Group>
    </>
  );
}
