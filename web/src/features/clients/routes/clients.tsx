import '../strings';
import { Alert, Badge, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { errorMessage } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useClients, type Client } from '../api/clients';
import { ClientForm } from '../components/client-form';

const PAGE_SIZES = [10, 25, 50, 100];

/** /payments/clients (admin): the sponsors and co-packing clients with their billing addresses. */
export default function ClientsPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [includeArchived, setIncludeArchived] = useState(false);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [sort, setSort] = useState<DataTableSortStatus<Client>>({ columnAccessor: 'name', direction: 'asc' });
  const [editing, setEditing] = useState<Client | null | undefined>(undefined);
  const q = useClients({ search: debounced, includeArchived, sort: String(sort.columnAccessor), order: sort.direction, page, pageSize });
  const fail = (err: unknown) => void notify('danger', errorMessage(err, t), t('clients.toast.failed'));
  const resetPage = <T,>(fn: (v: T) => void) => (v: T) => {
    fn(v);
    setPage(1);
  };

  return (
    <PageFrame
      title={t('nav.clients')}
      description={t('clients.description')}
      actions={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>
          {t('clients.new')}
        </Button>
      }
    >
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            style={{ flex: 1, minWidth: 240 }}
            label={t('clients.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => resetPage(setSearch)(e.currentTarget.value)}
          />
          <Checkbox label={t('clients.includeArchived')} checked={includeArchived} onChange={(e) => resetPage(setIncludeArchived)(e.currentTarget.checked)} mb={8} />
        </Group>
        {q.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(q.error, t)}
          </Alert>
        ) : (
          <DataTable<Client>
            withTableBorder
            borderRadius="md"
            highlightOnHover
            minHeight={q.data?.clients.length ? undefined : 180}
            records={q.data?.clients ?? []}
            fetching={q.isFetching}
            idAccessor="id"
            aria-label={t('clients.table')}
            noRecordsText={t('clients.empty')}
            loadingText={t('common.loading')}
            totalRecords={q.data?.total ?? 0}
            page={page}
            onPageChange={setPage}
            recordsPerPage={pageSize}
            recordsPerPageOptions={PAGE_SIZES}
            onRecordsPerPageChange={resetPage(setPageSize)}
            recordsPerPageLabel={t('clients.perPage')}
            paginationText={({ from, to, totalRecords }) =>
              t('clients.range', { from: formatNumber(from, lng), to: formatNumber(to, lng), total: formatNumber(totalRecords, lng) })
            }
            sortStatus={sort}
            onSortStatusChange={resetPage(setSort)}
            columns={[
              {
                accessor: 'name',
                title: t('clients.fields.name'),
                sortable: true,
                render: (c) => (
                  <Button variant="subtle" size="compact-sm" onClick={() => setEditing(c)} aria-label={t('clients.edit', { name: c.name })}>
                    {c.name}
                  </Button>
                ),
              },
              { accessor: 'email', title: t('clients.fields.email'), sortable: true },
              { accessor: 'city', title: t('clients.fields.city'), sortable: true },
              { accessor: 'country', title: t('clients.fields.country'), sortable: true },
              {
                accessor: 'archived',
                title: '',
                render: (c) => (c.archived ? <Badge color="gray">{t('clients.archived')}</Badge> : <Text span />),
              },
            ]}
          />
        )}
      </Stack>
      {editing !== undefined && (
        <ClientForm
          client={editing}
          onClose={() => setEditing(undefined)}
          onError={fail}
          onSaved={(c) => {
            notify('success', t('clients.toast.saved', { name: c.name }));
            setEditing(undefined);
          }}
        />
      )}
    </PageFrame>
  );
}
