import { Anchor, Badge, Table, Text } from '@mantine/core';
import { ListTable, TitledSection } from '@/components/list-table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { intlLocale } from '@/lib/format';
import type { BatchUse } from '../api/types';
import { formatDay } from '../lib/format';
import { formatQuantity } from '@/lib/units';

/**
 * The recall view's middle link: the production entries that consumed this batch or
 * produced it, each leading to its day's production report.
 */
export function BatchProduction({ uses, unit }: { uses: BatchUse[]; unit: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const hour = (h: number) => new Intl.DateTimeFormat(intlLocale(lng), { hour: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, 0, 1, h)));
  return (
    <TitledSection title={t('inventory.batch.production.title')}>
      {uses.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('inventory.batch.production.none')}
        </Text>
      ) : (
        <ListTable
          minWidth={520}
          striped
          withTableBorder
          testId="batch-production"
          columns={[
            t('inventory.batch.production.when'),
            t('inventory.batch.production.line'),
            t('inventory.batch.production.what'),
            { label: t('inventory.batch.production.quantity'), end: true },
          ]}
        >
          {uses.map((u) => (
            <Table.Tr key={`${u.entry_id}:${u.quantity}`}>
              <Table.Td>
                <Anchor component={Link} to={paths.app.production.daily.getHref(u.date, u.line_id)} size="sm">
                  {formatDay(u.date, lng)} · {hour(u.hour)}
                </Anchor>
              </Table.Td>
              <Table.Td>{u.line_name}</Table.Td>
              <Table.Td>
                {u.quantity < 0 ? t('inventory.batch.production.consumed') : t('inventory.batch.production.produced')}{' '}
                {u.reversed && (
                  <Badge size="xs" color="gray">
                    {t('inventory.batch.production.reversed')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td ta="end">
                {formatQuantity(u.quantity, unit, t, lng, { signed: true })}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </TitledSection>
  );
}
