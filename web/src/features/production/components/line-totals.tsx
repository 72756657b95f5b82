import { Table, Text } from '@mantine/core';
import { ListTable, TitledSection } from '@/components/list-table';
import { useTranslation } from 'react-i18next';
import type { LineTotal } from '../api/types';
import { formatQty, formatRate } from '../lib/format';
import classes from '../production.module.css';
import { Uplh } from './uplh';

interface LineTotalsProps {
  lines: LineTotal[];
  /** Target column: the day's target with the share met ("vs"), or the target alone ("plain"). */
  target: 'vs' | 'plain';
  /** The line to highlight (the daily page's picked line). */
  picked?: number | null;
  testId?: string;
}

/** Units, target, labour hours and units per labour hour of each line: the daily and overview pages' "By line". */
export function LineTotals({ lines, target, picked, testId }: LineTotalsProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <TitledSection title={t('production.daily.byLine')}>
      <ListTable
        minWidth={480}
        withTableBorder
        striped={target === 'plain'}
        testId={testId}
        columns={[
          t('production.daily.line'),
          { label: t('production.daily.units'), end: true },
          { label: t('production.daily.target'), end: true },
          { label: t('production.daily.labourHours'), end: true },
          { label: t('production.daily.uplh'), end: true },
        ]}
      >
        {lines.map((l) => {
          const isPicked = picked != null && l.line_id === picked;
          return (
            <Table.Tr key={l.line_id} bg={isPicked ? 'var(--mantine-primary-color-light)' : undefined} aria-current={isPicked ? 'true' : undefined}>
              <Table.Td fw={isPicked ? 700 : undefined}>{l.name}</Table.Td>
              <Table.Td ta="end">{formatQty(l.units, lng)}</Table.Td>
              <Table.Td ta="end">
                {l.target == null ? (
                  '—'
                ) : target === 'plain' ? (
                  formatQty(l.target, lng)
                ) : (
                  <Text span size="sm" className={l.units >= l.target ? classes.met : classes.below}>
                    {t('production.daily.vsTarget', { target: formatQty(l.target, lng), pct: formatRate(l.target ? (l.units / l.target) * 100 : null, lng) })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="end">{formatRate(l.labour_hours, lng)}</Table.Td>
              <Table.Td ta="end">
                <Uplh value={l.units_per_labour_hour} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ListTable>
    </TitledSection>
  );
}
