import '../strings';
import { Alert, Badge, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArchive, IconArchiveOff, IconPlus, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageFrame } from '@/components/page-frame';
import { SearchInput, ServerTable } from '@/components/server-table';
import { errorMessage } from '@/lib/errors';
import { formatLongDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useOrgTimeZone } from '@/lib/org-time';
import { serverRows, useServerTable } from '@/lib/use-server-table';
import { usePartners, useSavePartner, type Partner } from '../api/partners';
import { PartnerForm } from '../components/partner-form';

/** /partners: the places shipments go, searched, sorted and paged on the server; added, edited, archived and restored here. */
export default function PartnersPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const timeZone = useOrgTimeZone();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [includeArchived, setIncludeArchived] = useState(false);
  const { resetPage, query, table } = useServerTable<Partner>({ columnAccessor: 'name', direction: 'asc' });
  const [editing, setEditing] = useState<Partner | null | undefined>(undefined);
  const [archiving, setArchiving] = useState<Partner | null>(null);
  const q = usePartners({ search: debounced, includeArchived, ...query });
  const save = useSavePartner();
  const fail = (err: unknown) => void notify('danger', errorMessage(err, t), t('partners.toast.failed'));

  const setArchived = (p: Partner, archived: boolean) =>
    save.mutate(
      { id: p.id, archived },
      {
        onSuccess: () => {
          setArchiving(null);
          void notify('success', t(archived ? 'partners.toast.archived' : 'partners.toast.restored', { name: p.name }));
        },
        onError: fail,
      },
    );

  return (
    <PageFrame
      title={t('nav.partners')}
      description={t('partners.description')}
      actions={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>
          {t('partners.new')}
        </Button>
      }
    >
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <SearchInput label={t('partners.search')} value={search} onSearch={resetPage(setSearch)} />
          <Checkbox
            label={t('partners.includeArchived')}
            checked={includeArchived}
            onChange={(e) => resetPage(setIncludeArchived)(e.currentTarget.checked)}
            mb={8}
          />
        </Group>
        {q.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(q.error, t)}
          </Alert>
        ) : (
          <ServerTable<Partner>
            {...table}
            {...serverRows(q, (d) => d.partners)}
            label={t('partners.table')}
            empty={debounced.trim() ? t('partners.noMatch') : t('partners.empty')}
            perPageLabel={t('partners.perPage')}
            rangeKey="partners.range"
            columns={[
              {
                accessor: 'name',
                title: t('partners.fields.name'),
                sortable: true,
                render: (p) => (
                  <Button variant="subtle" size="compact-sm" onClick={() => setEditing(p)} aria-label={t('partners.edit', { name: p.name })}>
                    {p.name}
                  </Button>
                ),
              },
              {
                accessor: 'address',
                title: t('partners.fields.address'),
                render: (p) => (
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {p.address}
                  </Text>
                ),
              },
              { accessor: 'contact', title: t('partners.fields.contact'), sortable: true },
              { accessor: 'created_at', title: t('partners.fields.added'), sortable: true, render: (p) => formatLongDate(p.created_at, lng, timeZone) },
              {
                accessor: 'archived',
                title: '',
                textAlign: 'right',
                render: (p) => (
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    {p.archived && <Badge color="gray">{t('partners.archived')}</Badge>}
                    <Button
                      component={Link}
                      to={paths.app.shippingLog.partnerOf(p.id)}
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconTruckDelivery size={14} aria-hidden />}
                      aria-label={t('partners.actions.shipments', { name: p.name })}
                    >
                      {t('partners.shipments')}
                    </Button>
                    {p.archived ? (
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        leftSection={<IconArchiveOff size={14} aria-hidden />}
                        aria-label={t('partners.actions.restore', { name: p.name })}
                        onClick={() => setArchived(p, false)}
                      >
                        {t('partners.restore')}
                      </Button>
                    ) : (
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        color="gray"
                        leftSection={<IconArchive size={14} aria-hidden />}
                        aria-label={t('partners.actions.archive', { name: p.name })}
                        onClick={() => setArchiving(p)}
                      >
                        {t('partners.archive.confirm')}
                      </Button>
                    )}
                  </Group>
                ),
              },
            ]}
          />
        )}
      </Stack>
      {editing !== undefined && (
        <PartnerForm
          partner={editing}
          onClose={() => setEditing(undefined)}
          onError={fail}
          onSaved={(p) => {
            void notify('success', t('partners.toast.saved', { name: p.name }));
            setEditing(undefined);
          }}
        />
      )}
      <ConfirmDialog
        opened={archiving !== null}
        title={t('partners.archive.title', { name: archiving?.name ?? '' })}
        body={t('partners.archive.body', { name: archiving?.name ?? '' })}
        confirmLabel={t('partners.archive.confirm')}
        cancelLabel={t('partners.archive.cancel')}
        color="red"
        loading={save.isPending}
        onConfirm={() => archiving && setArchived(archiving, true)}
        onClose={() => setArchiving(null)}
      />
    </PageFrame>
  );
}
