import '../strings';
import { Alert, Badge, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { SearchInput, ServerTable } from '@/components/server-table';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { serverRows, useServerTable } from '@/lib/use-server-table';
import { useClients, type Client } from '../api/clients';
import { ClientForm } from '../components/client-form';

/** /payments/clients (admin): the sponsors and co-packing clients with their billing addresses. */
export default function ClientsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [includeArchived, setIncludeArchived] = useState(false);
  const { resetPage, query, table } = useServerTable<Client>({ columnAccessor: 'name', direction: 'asc' });
  const [editing, setEditing] = useState<Client | null | undefined>(undefined);
  const q = useClients({ search: debounced, includeArchived, ...query });
  const fail = (err: unknown) => void notify('danger', errorMessage(err, t), t('clients.toast.failed'));

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
          <SearchInput label={t('clients.search')} value={search} onSearch={resetPage(setSearch)} />
          <Checkbox label={t('clients.includeArchived')} checked={includeArchived} onChange={(e) => resetPage(setIncludeArchived)(e.currentTarget.checked)} mb={8} />
        </Group>
        {q.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(q.error, t)}
          </Alert>
        ) : (
          <ServerTable<Client>
            {...table}
            {...serverRows(q, (d) => d.clients)}
            label={t('clients.table')}
            empty={t('clients.empty')}
            perPageLabel={t('clients.perPage')}
            rangeKey="clients.range"
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
