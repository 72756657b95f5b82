import { Alert, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCrew } from '../api/get-crew';
import { useAssign } from '../api/mutations';
import type { Line } from '../api/types';
import { formatRate, productionError } from '../lib/format';

/**
 * The day's crew: everyone who clocked in that day, with their hours, and the line each
 * one works on. An assigned employee's labour counts on their line; an unassigned one's is
 * spread over the lines producing in each hour.
 */
export function CrewPanel({ date, lines }: { date: string; lines: Line[] }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const crew = useCrew(date);
  const assign = useAssign();
  const options = [{ value: '', label: t('production.crew.unassigned') }, ...lines.map((l) => ({ value: String(l.id), label: l.name }))];
  return (
    <Stack gap="xs" component="section" aria-labelledby="crew-title">
      <Title order={2} size="h4" id="crew-title">
        {t('production.crew.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('production.crew.help')}
      </Text>
      {crew.isPending && <Text>{t('common.loading')}</Text>}
      {crew.isError && <Alert color="red">{productionError(crew.error, t, lng)}</Alert>}
      {assign.isError && (
        <Alert color="red" role="alert">
          {productionError(assign.error, t, lng)}
        </Alert>
      )}
      {crew.data && crew.data.length === 0 && <Text c="dimmed">{t('production.crew.none')}</Text>}
      {crew.data && crew.data.length > 0 && (
        <Table.ScrollContainer minWidth={420}>
          <Table aria-label={t('production.crew.title')} verticalSpacing={4} data-testid="crew">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('production.crew.employee')}</Table.Th>
                <Table.Th ta="end">{t('production.crew.hours')}</Table.Th>
                <Table.Th>{t('production.crew.line')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {crew.data.map((c) => {
                const name = `${c.first_name} ${c.last_name}`;
                return (
                  <Table.Tr key={c.employee_id}>
                    <Table.Td>{name}</Table.Td>
                    <Table.Td ta="end">{formatRate(c.hours, lng)}</Table.Td>
                    <Table.Td>
                      <Select
                        size="xs"
                        w={200}
                        aria-label={t('production.crew.lineOf', { name })}
                        data={options}
                        value={c.line_id == null ? '' : String(c.line_id)}
                        allowDeselect={false}
                        onChange={(v) => assign.mutate({ date, employee_id: c.employee_id, line_id: v ? Number(v) : null })}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
