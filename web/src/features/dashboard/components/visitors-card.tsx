import { Avatar, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { avatarColor, formatNumber, formatRelative, initials } from '@/lib/format';
import { usePresence } from '../api/presence';
import { DashboardCard } from './dashboard-card';

/** Current visitors (SPEC §1): staff online now, live from the event stream's presence events. */
export function VisitorsCard() {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError } = usePresence();
  const minutes = Math.round((data?.window_seconds ?? 300) / 60);
  return (
    <DashboardCard icon={IconUsers} color="teal" title={t('dashboard.visitors')}>
      <Text size="sm" c="dimmed">
        {t('dashboard.visitorsHelp', { minutes: formatNumber(minutes, i18n.language) })}
      </Text>
      {isPending ? (
        <Skeleton h={32} />
      ) : isError ? (
        <Text size="sm" c="red">
          {t('errors.generic')}
        </Text>
      ) : data.visitors.length === 0 ? (
        <Text size="sm">{t('dashboard.visitorsEmpty')}</Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} data-testid="visitors">
          {data.visitors.map((v) => {
            const name = [v.first_name, v.last_name].filter(Boolean).join(' ');
            return (
              <Group component="li" key={v.id} gap="sm" wrap="nowrap">
                <Avatar color={avatarColor(name)} variant="filled" radius="xl" size={32} aria-hidden>
                  {initials(name)}
                </Avatar>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} dir="auto" truncate="end">
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    <time dateTime={v.last_seen_at}>{formatRelative(v.last_seen_at, i18n.language)}</time>
                  </Text>
                </div>
              </Group>
            );
          })}
        </Stack>
      )}
    </DashboardCard>
  );
}
