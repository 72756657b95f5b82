import { Box, Button, Group, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate, formatKilograms, formatNumber } from '@/lib/format';
import { useSettings } from '@/features/organisation';
import type { Shipment } from '../api/shipments';
import './print.css';
import { formatQuantity } from '@/lib/units';

/** The slip's signature boxes, as keys of shipping.slip.*. */
const SIGNATURES = ['shippedBy', 'receivedBy'] as const;

/** The quantities of a shipment's lines added up per unit, in the order the units first appear. */
export function unitTotals(lines: Shipment['lines']): { unit: string; quantity: number }[] {
  const out = new Map<string, number>();
  // Quantities are exact thousandths: add them as integers.
  for (const l of lines) out.set(l.item_unit, (out.get(l.item_unit) ?? 0) + Math.round(l.quantity * 1000));
  return [...out].map(([unit, q]) => ({ unit, quantity: q / 1000 }));
}

/**
 * A shipment's packing slip in the user's language: the organisation (its address from
 * Settings) as sender, the destination, the lines and the totals of units, pallets and
 * weight. Printing shows only the slip (print.css).
 */
export function PackingSlip({ shipment: s, orgName, onClose }: { shipment: Shipment; orgName: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const settings = useSettings();
  const address = settings.data?.organisation_address ?? '';
  const units = unitTotals(s.lines)
    .map((u) => formatQuantity(u.quantity, u.unit, t, lng))
    .join(t('shipping.slip.unitSeparator'));
  return (
    <Modal opened onClose={onClose} size="xl" title={t('shipping.slip.title')} className="packing-slip-modal">
      <Box className="packing-slip" data-testid="packing-slip">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <div data-testid="packing-slip-sender">
              <Title order={2}>{t('shipping.slip.title')}</Title>
              <Text size="sm" c="dimmed" fw={600}>
                {t('shipping.slip.from')}
              </Text>
              <Text fw={600} dir="auto">
                {settings.data?.organisation_name ?? orgName}
              </Text>
              {address && (
                <Text dir="auto" style={{ whiteSpace: 'pre-line' }}>
                  {address}
                </Text>
              )}
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
            </div>
          </SimpleGrid>
          {/* On a phone the lines scroll inside the slip, never the page sideways. */}
          <Table.ScrollContainer minWidth={420} type="native">
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
                      {formatQuantity(l.quantity, l.item_unit, t, lng)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={3}>{t('shipping.slip.totals')}</Table.Th>
                  <Table.Th data-testid="packing-slip-units">{units}</Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
          <SimpleGrid cols={3} data-testid="packing-slip-totals" aria-label={t('shipping.slip.totals')}>
            {[
              { label: t('shipping.slip.units'), value: units },
              { label: t('shipping.slip.palletsTotal'), value: formatNumber(s.pallets, lng) },
              { label: t('shipping.slip.weightTotal'), value: formatKilograms(s.weight_kg, lng) },
            ].map((c) => (
              <div key={c.label}>
                <Text size="sm" c="dimmed" fw={600}>
                  {c.label}
                </Text>
                <Text fw={700}>{c.value}</Text>
              </div>
            ))}
          </SimpleGrid>
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
