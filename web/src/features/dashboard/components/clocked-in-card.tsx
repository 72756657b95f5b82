import { Anchor, Badge, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatNumber, formatPunchTime } from '@/lib/format';
import { useWhoIsIn as useTimeclockNow } from '@/features/timeclock';
import classes from './attention.module.css';
import { CardBadge, CardList, CardRow, DashboardCard } from './dashboard-card';

const SHOWN = 6;

/** Who is clocked in now, forgotten clock-outs first and flagged. */
export function ClockedInCard() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const query = useTimeclockNow();
  const { data } = query;
  const people = data ? [...data.clocked_in].sort((a, b) => Number(b.forgotten) - Number(a.forgotten)) : [];
  // The count is everyone in; the list may hold fewer (the server's page, then SHOWN here).
  const more = data ? Math.max(0, data.count - Math.min(people.length, SHOWN)) : 0;
  return (
    <DashboardCard
      icon={IconClockHour4}
      color="green"
      title={t('dashboard.clockedIn')}
      query={query}
      link={{ to: paths.app.employees.getHref(), label: t('dashboard.openEmployees') }}
      aside={
        data && (
          <Badge variant="light" color="green" size="lg" className={classes.count} data-testid="clocked-in-count">
            {formatNumber(data.count, lng)}
          </Badge>
        )
      }
    >
      {() =>
        !data ? null : people.length === 0 ? (
          <Text size="sm">{t('dashboard.clockedInEmpty')}</Text>
        ) : (
          <>
            {data.forgotten_count > 0 && (
              <Text size="sm" fw={600} role="status" className={classes.alert}>
                {t('dashboard.forgottenCount', {
                  count: data.forgotten_count,
                  n: formatNumber(data.forgotten_count, lng),
                  hours: formatNumber(data.max_shift_hours, lng),
                })}
              </Text>
            )}
            <CardList testId="clocked-in">
              {people.slice(0, SHOWN).map((p) => (
                <CardRow key={p.employee_id}>
                  <Text size="sm" fw={600} dir="auto" truncate="end">
                    {p.first_name} {p.last_name}
                  </Text>
                  {p.forgotten ? (
                    <CardBadge color="red">{t('dashboard.forgotten')}</CardBadge>
                  ) : (
                    <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                      {t('dashboard.since', { time: formatPunchTime(p.since, lng, data.time_zone) })}
                    </Text>
                  )}
                </CardRow>
              ))}
            </CardList>
            {more > 0 && (
              <Anchor component={Link} to={paths.app.employees.getHref('now')} size="sm" data-testid="clocked-in-more">
                {t('dashboard.moreClockedIn', { count: more, n: formatNumber(more, lng) })}
              </Anchor>
            )}
          </>
        )
      }
    </DashboardCard>
  );
}
