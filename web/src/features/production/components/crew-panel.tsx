import { Alert, Badge, Button, Group, Select, Table, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCrew } from '../api/get-crew';
import { useAssign } from '../api/mutations';
import type { Line } from '../api/types';
import { formatRate, productionError } from '../lib/format';
import { TitledSection } from '@/components/list-table';

/**
 * The day's crew: everyone who clocked in that day, with their hours, and the line each
 * one works on. An assigned employee's labour counts on their line; an unassigned one's is
 * spread over the lines producing in each hour. A supervisor may plan the crew ahead: any
 * active employee can be put on a line before they clock in (marked as not clocked in).
 * Only lines that are not archived are offered.
 */
export function CrewPanel({ date, lines }: { date: string; lines: Line[] }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const crew = useCrew(date);
  const assign = useAssign();
  const [planned, setPlanned] = useState<string | null>(null);
  const [plannedLine, setPlannedLine] = useState<string | null>(null);
  const open = lines.filter((l) => !l.archived);
  const lineOptions = open.map((l) => ({ value: String(l.id), label: l.name }));
  const options = [{ value: '', label: t('production.crew.unassigned') }, ...lineOptions];
  const members = crew.data?.crew;
  const available = crew.data?.available ?? [];
  const plan = () => {
    if (!planned || !plannedLine) return;
    assign.mutate(
      { date, employee_id: Number(planned), line_id: Number(plannedLine) },
      {
        onSuccess: () => {
          setPlanned(null);
          setPlannedLine(null);
        },
      },
    );
  };
  return (
    <TitledSection title={t('production.crew.title')} help={t('production.crew.help')}>
      {crew.isPending && <Text>{t('common.loading')}</Text>}
      {crew.isError && <Alert color="red">{productionError(crew.error, t, lng)}</Alert>}
      {assign.isError && (
        <Alert color="red" role="alert">
          {productionError(assign.error, t, lng)}
        </Alert>
      )}
      {members && members.length === 0 && <Text c="dimmed">{t('production.crew.none')}</Text>}
      {members && members.length > 0 && (
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
              {members.map((c) => {
                const name = `${c.first_name} ${c.last_name}`;
                return (
                  <Table.Tr key={c.employee_id}>
                    <Table.Td>
                      <Group gap={4} wrap="wrap">
                        <Text size="sm" dir="auto">
                          {name}
                        </Text>
                        {!c.worked && (
                          <Badge size="xs" variant="outline" color="gray" style={{ textTransform: 'none' }}>
                            {t('production.crew.notClockedIn')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
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
      {crew.data && available.length > 0 && lineOptions.length > 0 && (
        <Group gap="xs" align="flex-end" wrap="wrap" data-testid="crew-plan">
          <Select
            size="xs"
            w={220}
            searchable
            label={t('production.crew.plan')}
            placeholder={t('production.crew.planPlaceholder')}
            nothingFoundMessage={t('production.crew.nobody')}
            data={available.map((p) => ({ value: String(p.employee_id), label: `${p.first_name} ${p.last_name}` }))}
            value={planned}
            onChange={setPlanned}
          />
          <Select
            size="xs"
            w={180}
            label={t('production.crew.line')}
            placeholder={t('production.crew.chooseLine')}
            data={lineOptions}
            value={plannedLine}
            onChange={setPlannedLine}
          />
          <Button size="xs" leftSection={<IconUserPlus size={14} aria-hidden />} disabled={!planned || !plannedLine} loading={assign.isPending} onClick={plan}>
            {t('production.crew.assign')}
          </Button>
        </Group>
      )}
    </TitledSection>
  );
}
