import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useWarnings } from '../api/get-warnings';
import { formatQty } from '../lib/format';
import { ExpiryBadge } from './expiry-badge';
import { unitName } from '@/lib/units';

export const WARNING_DAYS = 30;

/** Low-stock items and batches expiring within 30 days (or expired), with shortcuts to filter the list. */
export function WarningsPanel({ today, onShowLow, onShowExpiring }: { today: string; onShowLow: () => void; onShowExpiring: () => void }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { data } = useWarnings(WARNING_DAYS);
  if (!data || (data.low_stock.length === 0 && data.expiring.length === 0)) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="low-stock-title">
        <Group justify="space-between" mb="xs" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon color="orange" variant="light" size="sm">
              <IconAlertTriangle size={14} aria-hidden />
            </ThemeIcon>
            <Text fw={600} size="sm" id="low-stock-title">
              {t('inventory.warnings.lowStock', { count: data.low_stock.length, n: formatQty(data.low_stock.length, lng) })}
            </Text>
          </Group>
          {data.low_stock.length > 0 && (
            <Button size="compact-xs" variant="subtle" onClick={onShowLow} style={{ flexShrink: 0 }}>
              {t('inventory.warnings.showAll')}
            </Button>
          )}
        </Group>
        <Stack gap={4}>
          {data.low_stock.length === 0 && <Text size="sm" c="dimmed">{t('inventory.warnings.noneLow')}</Text>}
          {data.low_stock.slice(0, 4).map((it) => (
            <Group key={it.id} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" dir="auto" truncate>
                {it.name}
              </Text>
              <Text size="sm" c="orange" style={{ whiteSpace: 'nowrap' }}>
                {`${formatQty(it.on_hand, lng)} / ${formatQty(it.reorder_level, lng)} ${unitName(it.unit, t, it.reorder_level)}`}
              </Text>
            </Group>
          ))}
        </Stack>
      </Paper>
      <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="expiring-title">
        <Group justify="space-between" mb="xs" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon color="red" variant="light" size="sm">
              <IconClockExclamation size={14} aria-hidden />
            </ThemeIcon>
            <Text fw={600} size="sm" id="expiring-title">
              {t('inventory.warnings.expiring', { count: data.expiring.length, n: formatQty(data.expiring.length, lng), days: formatQty(WARNING_DAYS, lng) })}
            </Text>
          </Group>
          {data.expiring.length > 0 && (
            <Button size="compact-xs" variant="subtle" onClick={onShowExpiring} style={{ flexShrink: 0 }}>
              {t('inventory.warnings.showAll')}
            </Button>
          )}
        </Group>
        <Stack gap={4}>
          {data.expiring.length === 0 && <Text size="sm" c="dimmed">{t('inventory.warnings.noneExpiring')}</Text>}
          {data.expiring.slice(0, 4).map((b) => (
            <Group key={b.id} justify="space-between" gap={4}>
              <Text size="sm">
                <Anchor component={Link} to={paths.app.inventoryBatch.getHref(b.id)} size="sm" ff="monospace">
                  {b.code}
                </Anchor>{' '}
                <Badge size="xs" variant="default" style={{ textTransform: 'none' }}>
                  {formatQty(b.on_hand, lng)} {unitName(b.item_unit, t, b.on_hand)}
                </Badge>
              </Text>
              <ExpiryBadge expires={b.expires_at} today={today} />
            </Group>
          ))}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
