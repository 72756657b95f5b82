import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Pagination,
  SegmentedControl,
  Select,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconDots, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { errorMessage } from '@/lib/errors';
import { useEmployeeList, useSetArchived, type Employee, type EmployeeListParams, type SortField } from '../api/employees';
import { formatPunch } from '../lib/time';

interface SortHeaderProps {
  field: SortField;
  label: string;
  sort: SortField;
  order: 'asc' | 'desc';
  onSort: (field: SortField) => void;
}

/** A column header that sorts on the server; a second press reverses the order. */
function SortHeader({ field, label, sort, order, onSort }: SortHeaderProps) {
  const active = sort === field;
  const Icon = !active ? IconArrowsSort : order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(field)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

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
  const [params, setParams] = useState<Omit<EmployeeListParams, 'search'>>({
    status: 'active',
    sort: 'last_name',
    order: 'asc',
    page: 1,
    pageSize: 25,
  });
  const query = useEmployeeList({ ...params, search: debounced });
  const archive = useSetArchived();
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / params.pageSize)) : 1;

  const sortBy = (field: SortField) =>
    setParams((p) => ({ ...p, sort: field, order: p.sort === field && p.order === 'asc' ? 'desc' : 'asc', page: 1 }));

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
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <TextInput
            aria-label={t('employees.search')}
            placeholder={t('employees.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setParams((p) => ({ ...p, page: 1 }));
            }}
            w={240}
          />
          <SegmentedControl
            aria-label={t('employees.statusFilter')}
            value={params.status}
            onChange={(v) => setParams((p) => ({ ...p, status: v as EmployeeListParams['status'], page: 1 }))}
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
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-busy={query.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <SortHeader field="last_name" label={t('employees.lastName')} sort={params.sort} order={params.order} onSort={sortBy} />
              <SortHeader field="first_name" label={t('employees.firstName')} sort={params.sort} order={params.order} onSort={sortBy} />
              <SortHeader field="clock_status" label={t('employees.status')} sort={params.sort} order={params.order} onSort={sortBy} />
              <SortHeader field="last_event" label={t('employees.lastPunch')} sort={params.sort} order={params.order} onSort={sortBy} />
              <Table.Th>
                <Text fw={700} fz="sm">
                  {t('employees.actions')}
                </Text>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.employees.map((e) => (
              <Table.Tr key={e.employee_id}>
                <Table.Td>{e.last_name}</Table.Td>
                <Table.Td>{e.first_name}</Table.Td>
                <Table.Td>
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
                </Table.Td>
                <Table.Td>{formatPunch(e.last_event, i18n.language, timeZone) || '—'}</Table.Td>
                <Table.Td>
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
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data && data.employees.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          {t('employees.none')}
        </Text>
      )}
      {query.isError && (
        <Text c="red" ta="center" role="alert">
          {errorMessage(query.error, t)}
        </Text>
      )}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('employees.total', { count: data?.total ?? 0 })}
        </Text>
        <Group gap="sm">
          <Select
            aria-label={t('employees.pageSize')}
            w={90}
            value={String(params.pageSize)}
            onChange={(v) => setParams((p) => ({ ...p, pageSize: Number(v ?? 25), page: 1 }))}
            data={['10', '25', '50', '100']}
            allowDeselect={false}
          />
          <Pagination
            total={pages}
            value={params.page}
            onChange={(page) => setParams((p) => ({ ...p, page }))}
            getControlProps={(control) => ({
              'aria-label': control === 'next' ? t('employees.nextPage') : control === 'previous' ? t('employees.previousPage') : undefined,
            })}
          />
        </Group>
      </Group>
    </>
  );
}
