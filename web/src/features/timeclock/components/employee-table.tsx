import { ActionIcon, Badge, Button, Group, Menu, SegmentedControl, Alert } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput, ServerTable } from '@/components/server-table';
import { notify } from '@/lib/notify';
import { errorMessage } from '@/lib/errors';
import { serverRows, useServerTable } from '@/lib/use-server-table';
import { useEmployeeList, useSetArchived, type Employee, type EmployeeListParams, type SortField } from '../api/employees';
import { formatPunch } from '../lib/time';

interface EmployeeTableProps {
  timeZone: string;
  onAdd: () => void;
  onEdit: (e: Employee) => void;
  onPin: (e: Employee) => void;
  onPunches: (e: Employee) => void;
}

/** The employee list: search, sort and pages come from the server (SPEC §9). */
export function EmployeeTable({ timeZone, onAdd, onEdit, onPin, onPunches }: EmployeeTableProps) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [status, setStatus] = useState<EmployeeListParams['status']>('active');
  const { resetPage, query, table } = useServerTable<Employee>({ columnAccessor: 'last_name', direction: 'asc' });
  const list = useEmployeeList({ ...query, sort: query.sort as SortField, search: debounced, status });
  const archive = useSetArchived();

  async function toggleArchive(e: Employee) {
    try {
      await archive.mutateAsync({ id: e.employee_id, archived: e.active });
      void notify('success', e.active ? t('employees.archived', { name: `${e.first_name} ${e.last_name}` }) : t('employees.restored', { name: `${e.first_name} ${e.last_name}` }));
    } catch (err) {
      void notify('danger', errorMessage(err, t));
    }
  }

  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm" align="flex-end">
        <Group gap="sm" wrap="wrap" style={{ flex: 1 }}>
          <SearchInput aria-label={t('employees.search')} placeholder={t('employees.search')} value={search} onSearch={resetPage(setSearch)} />
          <SegmentedControl
            aria-label={t('employees.statusFilter')}
            value={status}
            onChange={(v) => resetPage(setStatus)(v as EmployeeListParams['status'])}
            data={[
              { value: 'active', label: t('employees.filterActive') },
              { value: 'archived', label: t('employees.filterArchived') },
              { value: 'all', label: t('employees.filterAll') },
            ]}
          />
        </Group>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
          {t('employees.add')}
        </Button>
      </Group>
      {list.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(list.error, t)}
        </Alert>
      ) : (
        <ServerTable<Employee>
          {...table}
          idAccessor="employee_id"
          {...serverRows(list, (d) => d.employees)}
          label={t('employees.tabList')}
          empty={t('employees.none')}
          perPageLabel={t('employees.pageSize')}
          rangeKey="employees.range"
          controlsKey="employees"
          columns={[
            { accessor: 'last_name', title: t('employees.lastName'), sortable: true },
            { accessor: 'first_name', title: t('employees.firstName'), sortable: true },
            {
              accessor: 'clock_status',
              title: t('employees.status'),
              sortable: true,
              render: (e) => (
                <Group gap={4}>
                  <Badge color={e.clock_status === 'clocked_in' ? 'green' : 'gray'} variant="light">
                    {e.clock_status === 'clocked_in' ? t('employees.in') : t('employees.out')}
                  </Badge>
                  {!e.active && (
                    <Badge color="orange" variant="outline">
                      {t('employees.archivedBadge')}
                    </Badge>
                  )}
                </Group>
              ),
            },
            { accessor: 'last_event', title: t('employees.lastPunch'), sortable: true, visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`, render: (e) => formatPunch(e.last_event, i18n.language, timeZone) || '—' },
            {
              accessor: 'actions',
              title: t('employees.actions'),
              render: (e) => (
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => onPunches(e)}>
                    {t('employees.punches')}
                  </Button>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" aria-label={t('employees.moreFor', { name: `${e.first_name} ${e.last_name}` })}>
                        <IconDots size={18} aria-hidden />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => onEdit(e)}>{t('employees.edit')}</Menu.Item>
                      <Menu.Item onClick={() => onPin(e)}>{e.has_pin ? t('employees.resetPin') : t('employees.setPin')}</Menu.Item>
                      <Menu.Item color={e.active ? 'red' : undefined} onClick={() => void toggleArchive(e)}>
                        {e.active ? t('employees.archive') : t('employees.unarchive')}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
