import { Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LineTotal } from '../api/types';
import { formatQty, formatRate } from '../lib/format';
import classes from '../production.module.css';

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
  const titleId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('production.daily.byLine')}
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table withTableBorder striped={target === 'plain'} fz="sm" data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('production.daily.line')}</Table.Th>
              <Table.Th ta="end">{t('production.daily.units')}</Table.Th>
              <Table.Th ta="end">{t('production.daily.target')}</Table.Th>
              <Table.Th ta="end">{t('production.daily.labourHours')}</Table.Th>
              <Table.Th ta="end">{t('production.daily.uplh')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
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
                  <Table.Td ta="end">{formatRate(l.units_per_labour_hour, lng)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
