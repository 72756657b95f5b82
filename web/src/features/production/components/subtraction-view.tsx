import { Badge, Table, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from '../production.module.css';
import type { EntryMove } from '../api/types';
import { formatChange, formatQty } from '../lib/format';

/**
 * The subtraction view: per batch an entry touched, its on-hand before → the change
 * → after, exact (thousandths). Consumption is negative, the finished batch positive,
 * and reversing moves show as such.
 */
export function SubtractionView({ moves, caption }: { moves: EntryMove[]; caption?: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table withTableBorder striped fz="sm" data-testid="subtraction-view">
        {caption && <Table.Caption>{caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('production.subtraction.batch')}</Table.Th>
            <Table.Th>{t('production.subtraction.item')}</Table.Th>
            <Table.Th ta="end">{t('production.subtraction.before')}</Table.Th>
            <Table.Th ta="end">{t('production.subtraction.change')}</Table.Th>
            <Table.Th ta="end">{t('production.subtraction.after')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {moves.map((m) => (
            <Table.Tr key={m.id} data-batch={m.batch_code}>
              <Table.Td ff="monospace">
                {m.batch_code}{' '}
                {m.reversal && (
                  <Badge size="xs" color="gray" variant="light">
                    {t('production.subtraction.reversal')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{m.item_name}</Table.Td>
              <Table.Td ta="end">
                {formatQty(m.before, lng)} {m.item_unit}
              </Table.Td>
              <Table.Td ta="end">
                <Text span c={m.quantity < 0 ? 'red' : 'teal'} fw={600}>
                  {formatChange(m.quantity, lng)}
                </Text>{' '}
                <IconArrowRight size={12} aria-hidden style={{ verticalAlign: 'middle' }} className={classes.flip} />
              </Table.Td>
              <Table.Td ta="end" fw={600}>
                {formatQty(m.after, lng)} {m.item_unit}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
