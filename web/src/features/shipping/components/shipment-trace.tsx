import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TraceTree } from '@/components/trace-tree';
import { errorMessage } from '@/lib/errors';
import { useShipmentTrace } from '../api/shipments';

/** A shipment's backward trace as a tree of links (lazily loaded by the shipping log). */
export default function ShipmentTrace({ shipmentId }: { shipmentId: number }) {
  const { t } = useTranslation();
  const q = useShipmentTrace(shipmentId);
  if (q.isError) return <Text c="red">{errorMessage(q.error, t)}</Text>;
  if (!q.data) return <Text size="sm">{t('common.loading')}</Text>;
  if (q.data.nodes.length <= 1) {
    return (
      <Text size="sm" c="dimmed">
        {t('inventory.trace.empty.shipment')}
      </Text>
    );
  }
  return <TraceTree trace={q.data} direction="backward" />;
}
