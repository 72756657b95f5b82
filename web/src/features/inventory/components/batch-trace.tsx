import '../strings';
import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';
import { TraceTree, type TraceDirection } from '@/components/trace-tree';
import { useBatchTrace } from '../api/get-trace';

/**
 * The batch page's trace (lazily loaded): forward, every production run, finished batch,
 * shipment and partner its stock reached; backward, every batch it was made of.
 */
export default function BatchTrace({ batchId, finished }: { batchId: number; finished: boolean }) {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<TraceDirection>(finished ? 'backward' : 'forward');
  const q = useBatchTrace(batchId, direction);
  const single = q.data && q.data.nodes.length <= 1;
  return (
    <Stack gap="xs" component="section" aria-labelledby="trace-title">
      <Title order={2} size="h4" id="trace-title">
        {t('inventory.trace.title')}
      </Title>
      <SegmentedControl
        style={{ alignSelf: 'flex-start' }}
        size="xs"
        value={direction}
        onChange={(v) => setDirection(v as TraceDirection)}
        data={[
          { value: 'forward', label: t('inventory.trace.forward') },
          { value: 'backward', label: t('inventory.trace.backward') },
        ]}
      />
      {q.isError ? (
        <Text c="red">{errorMessage(q.error, t)}</Text>
      ) : !q.data ? (
        <Text size="sm">{t('common.loading')}</Text>
      ) : single ? (
        <Text size="sm" c="dimmed">
          {t(`inventory.trace.empty.${direction}`)}
        </Text>
      ) : (
        <TraceTree trace={q.data} direction={direction} />
      )}
    </Stack>
  );
}
