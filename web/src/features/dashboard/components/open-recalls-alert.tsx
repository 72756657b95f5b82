import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { openRecallsQuery } from '@/features/recalls';
import { formatNumber } from '@/lib/format';

/** The open recalls, above everything else while there are any: what they hold, linked to each. */
export function OpenRecallsAlert() {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(openRecallsQuery);
  if (!data || data.total === 0) return null;
  const lng = i18n.language;
  return (
    <Alert color="red" variant="light" icon={<IconLock size={18} aria-hidden />} title={t('dashboard.openRecalls', { count: data.total, n: formatNumber(data.total, lng) })} data-testid="open-recalls">
      <List size="sm" spacing={4}>
        {data.recalls.map((r) => (
          <List.Item key={r.id}>
            <Anchor component={Link} to={paths.app.recall.getHref(r.id)} fw={600}>
              {r.number}
            </Anchor>{' '}
            <Text span size="sm" dir="auto">
              {t('dashboard.openRecall', { item: r.item_name, batch: r.batch_code, count: r.batches, n: formatNumber(r.batches, lng) })}
            </Text>
          </List.Item>
        ))}
      </List>
      {data.total > data.recalls.length && (
        <Anchor component={Link} to={paths.app.recalls.getHref()} size="sm" mt="xs" display="inline-block">
          {t('dashboard.allOpenRecalls')}
        </Anchor>
      )}
    </Alert>
  );
}
