import { Box, Button, Group, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate, formatNumber } from '@/lib/format';
import type { Shipment } from '../api/shipments';
import './print.css';

/** The slip's signature boxes, as keys of shipping.slip.*. */
const SIGNATURES = ['shippedBy', 'receivedBy'] as const;

/** A shipment's packing slip in the user's language; printing shows only the slip (print.css). */
export function PackingSlip({ shipment: s, orgName, onClose }: { shipment: Shipment; orgName: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <Modal opened onClose={onClose} size="xl" title={t('shipping.slip.title')} className="packing-slip-modal">
      <Box className="packing-slip" data-testid="packing-slip">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={2}>{t('shipping.slip.title')}</Title>
              <Text>{orgName}</Text>
            </div>
            <div>
              <Text fw={700} size="lg">
                {s.number}
              </Text>
              <Text>{t('shipping.slip.shipDate', { date: formatCalendarDate(s.ship_date, lng, 'long') })}</Text>
            </div>
          </Group>
          <SimpleGrid cols={2}>
            <div>
              <Text fw={600}>{t('shipping.slip.shipTo')}</Text>
              <Text>{s.destination.name}</Text>
              <Text style={{ whiteSpace: 'pre-line' }}>{s.destination.address}</Text>
              <Text>{s.destination.contact}</Text>
            </div>
            <div>
              <Text>{t('shipping.slip.carrier', { carrier: s.carrier || '—' })}</Text>
              <Text>{t('shipping.slip.tracking', { tracking: s.tracking_number || '—' })}</Text>
              <Text>{t('shipping.slip.pallets', { count: s.pallets })}</Text>
              <Text>{t('shipping.slip.weight', { weight: formatNumber(s.weight_kg, lng) })}</Text>
            </div>
          </SimpleGrid>
          <Table withTableBorder withColumnBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('shipping.slip.item')}</Table.Th>
                <Table.Th>{t('shipping.slip.batch')}</Table.Th>
                <Table.Th>{t('shipping.slip.expiry')}</Table.Th>
                <Table.Th>{t('shipping.slip.quantity')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.lines.map((l) => (
                <Table.Tr key={l.batch_id}>
                  <Table.Td>
                    {l.item_sku} — {l.item_name}
                  </Table.Td>
                  <Table.Td>{l.batch_code}</Table.Td>
                  <Table.Td>{l.expires_at ?? '—'}</Table.Td>
                  <Table.Td>
                    {formatNumber(l.quantity, lng)} {l.item_unit}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {s.notes && <Text style={{ whiteSpace: 'pre-line' }}>{s.notes}</Text>}
          <SimpleGrid cols={2} className="packing-slip-signatures">
            {SIGNATURES.map((k) => (
              <div key={k} className="packing-slip-signature">
                <Text fw={600}>{t(`shipping.slip.${k}`)}</Text>
                <Box h={56} style={{ borderBottom: '1px solid currentColor' }} />
                <Text size="sm">{t('shipping.slip.signDate')}</Text>
              </div>
            ))}
          </SimpleGrid>
        </Stack>
      </Box>
      <Group justify="flex-end" mt="md" className="packing-slip-actions">
        <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
          {t('shipping.slip.print')}
        </Button>
      </Group>
    </Modal>
  );
}
