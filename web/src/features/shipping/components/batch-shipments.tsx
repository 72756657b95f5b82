import { Badge, Card, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '@/lib/format';
import type { BatchShipment } from '../api/shipments';
import { formatQuantity } from '@/lib/units';

const COLORS = { planned: 'blue', shipped: 'indigo', delivered: 'teal', cancelled: 'gray' } as const;

/** The shipments that carried a batch and where they went: the end of a recall trace. */
export function BatchShipments({ shipments, unit }: { shipments: BatchShipment[]; unit: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder>
      <Title order={3} size="h4" mb="sm">
        {t('shipping.batch.title')}
      </Title>
      {shipments.length === 0 ? (
        <Text c="dimmed">{t('shipping.batch.none')}</Text>
      ) : (
        <Table aria-label={t('shipping.batch.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('shipping.fields.number')}</Table.Th>
              <Table.Th>{t('shipping.fields.shipDate')}</Table.Th>
              <Table.Th>{t('shipping.fields.destination')}</Table.Th>
              <Table.Th>{t('shipping.slip.quantity')}</Table.Th>
              <Table.Th>{t('shipping.fields.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shipments.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>{s.number}</Table.Td>
                <Table.Td>
                  <time dateTime={s.ship_date}>{formatCalendarDate(s.ship_date, i18n.language)}</time>
                </Table.Td>
                <Table.Td>
                  {s.destination.name}
                  {s.destination.address && (
                    <Text size="xs" c="dimmed">
                      {s.destination.address}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {formatQuantity(s.quantity, unit, t, i18n.language)}
                </Table.Td>
                <Table.Td>
                  <Badge color={COLORS[s.status]}>{t(`shipping.status.${s.status}`)}</Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
