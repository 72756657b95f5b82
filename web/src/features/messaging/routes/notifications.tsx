import '../lib/notifications-strings';
import { Alert, Box, Button, Card, Group, Loader, Pagination, SegmentedControl, Select, Text } from '@mantine/core';
import { IconBellCheck } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame';
import { formatNumber } from '@/lib/format';
import { NOTIFICATION_KINDS, notificationsQuery, useMarkNotificationsRead, type NotificationKind } from '../api/notifications';
import { NotificationRow, NotificationsEmpty, useOpenNotification } from '../components/notifications-list';
import classes from '../components/notifications-menu.module.css';

/** Notifications a page of the notifications page shows. */
export const PAGE_SIZE = 20;

const isKind = (k: string | null): k is NotificationKind => k != null && (NOTIFICATION_KINDS as readonly string[]).includes(k);

/** /notifications: every notification of the signed-in user, newest first, by kind and unread, paged on the server. */
export default function NotificationsPage() {
  const { t, i18n } = useTranslation();
  // The filters live in the address, so they survive a reload and the back button.
  const [sp, setSp] = useSearchParams();
  const kind = isKind(sp.get('kind')) ? (sp.get('kind') as NotificationKind) : undefined;
  const unreadOnly = sp.get('unread') === 'true';
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const update = (patch: { kind?: string | null; unread?: boolean; page?: number }) => {
    const next = new URLSearchParams();
    const k = patch.kind === undefined ? kind : patch.kind;
    if (k) next.set('kind', k);
    if (patch.unread ?? unreadOnly) next.set('unread', 'true');
    if ((patch.page ?? 1) > 1) next.set('page', String(patch.page));
    setSp(next, { replace: true });
  };
  // The page shown stays while the next one loads.
  const q = useQuery({ ...notificationsQuery(PAGE_SIZE, { kind, unread: unreadOnly, page }), placeholderData: keepPreviousData });
  const markRead = useMarkNotificationsRead();
  const open = useOpenNotification();
  const items = q.data?.notifications ?? [];
  const total = q.data?.total ?? 0;
  const unread = q.data?.unread ?? 0;
  const filtered = kind != null || unreadOnly;

  return (
    <PageFrame
      title={t('notifications.title')}
      description={t('notifications.page.description', { count: unread, n: formatNumber(unread, i18n.language) })}
      actions={
        <Button variant="light" leftSection={<IconBellCheck size={16} aria-hidden />} disabled={unread === 0} loading={markRead.isPending} onClick={() => markRead.mutate(undefined)}>
          {t('notifications.page.markAllRead')}
        </Button>
      }
    >
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('notifications.page.filters')}>
        <SegmentedControl
          aria-label={t('notifications.page.show')}
          value={unreadOnly ? 'unread' : 'all'}
          onChange={(v) => update({ unread: v === 'unread' })}
          data={[
            { value: 'all', label: t('notifications.page.all') },
            { value: 'unread', label: t('notifications.page.unreadOnly') },
          ]}
        />
        <Select
          label={t('notifications.page.kind')}
          placeholder={t('notifications.page.allKinds')}
          clearable
          value={kind ?? null}
          onChange={(v) => update({ kind: v })}
          data={NOTIFICATION_KINDS.map((k) => ({ value: k, label: t(`notifications.kindNames.${k}`) }))}
          w={{ base: '100%', sm: 260 }}
        />
      </Group>

      <Card withBorder radius="md" p={0}>
        {q.isPending ? (
          <Group justify="center" p="lg">
            <Loader size="sm" aria-label={t('common.loading')} />
          </Group>
        ) : q.isError ? (
          <Alert color="red" variant="light" m="md" role="alert">
            {t('notifications.loadFailed')}
          </Alert>
        ) : items.length === 0 ? (
          <NotificationsEmpty text={filtered ? t('notifications.page.noneMatch') : undefined} />
        ) : (
          <Box component="ul" m={0} p={0} className={classes.list} aria-label={t('notifications.title')} data-testid="notifications-page-list">
            {items.map((n) => (
              <NotificationRow key={n.id} n={n} onOpen={() => open(n)} onRead={() => markRead.mutate([n.id])} />
            ))}
          </Box>
        )}
      </Card>

      {total > PAGE_SIZE && (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('notifications.page.range', {
              from: formatNumber((page - 1) * PAGE_SIZE + 1, i18n.language),
              to: formatNumber(Math.min(page * PAGE_SIZE, total), i18n.language),
              total: formatNumber(total, i18n.language),
            })}
          </Text>
          <Pagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={(p) => update({ page: p })} aria-label={t('notifications.page.pages')} />
        </Group>
      )}
    </PageFrame>
  );
}
