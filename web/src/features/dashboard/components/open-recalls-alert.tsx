import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { Recall } from '@/features/recalls';
import { formatNumber } from '@/lib/format';

/**
 * The open recalls, above everything else while there are any: what they hold, linked to each.
 * In a chunk of its own, fetched only when a recall is open (routes/dashboard.tsx).
 */
export default function OpenRecallsAlert({ recalls, total }: { recalls: Recall[]; total: number }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <Alert color="red" variant="light" icon={<IconLock size={18} aria-hidden />} title={t('dashboard.openRecalls', { count: total, n: formatNumber(total, lng) })} data-testid="open-recalls">
      <Stack gap={4}>
        {recalls.map((r) => (
          <Text key={r.id} size="sm" dir="auto">
            <Anchor component={Link} to={paths.app.recall.getHref(r.id)} fw={600}>
              {r.number}
            </Anchor>{' '}
            {t('dashboard.openRecall', { item: r.item_name, batch: r.batch_code, count: r.batches, n: formatNumber(r.batches, lng) })}
          </Text>
        ))}
        {total > recalls.length && (
          <Anchor component={Link} to={paths.app.recalls.getHref()} size="sm">
            {t('dashboard.allOpenRecalls')}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}
