import '../strings';
import { Badge, Button, Group, Loader, Menu, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconDownload, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { SearchInput, ServerTable } from '@/components/server-table';
import { downloadCSV } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { dateTimeFormat, formatCalendarDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { usePublicSettings } from '@/lib/public-settings';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useServerTable } from '@/lib/use-server-table';
import {
  STATUSES,
  shipmentListQuery,
  useShipments,
  useShipmentStep,
  type Shipment,
  type ShipmentListParams,
  type ShipmentStatus,
  type ShipmentStep,
} from '../api/shipments';
import { HeldBadge } from '@/components/held-badge';
import { PackingSlip } from '../components/packing-slip';
import { ShipmentForm } from '../components/shipment-form';
import { formatQuantity } from '@/lib/units';
import { DateField } from '@/components/date-field';
import { QueryError, showsTable } from '@/components/query-error';
import { PartnerFilter } from '@/features/partners';

// The documents panel (upload, preview, delete) loads when a shipment's documents open.
const LinkedDocuments = lazy(() => import('@/features/documents').then((m) => ({ default: m.LinkedDocuments })));
// A shipment's trace (what it carried, down to the raw batches) loads when it is opened.
const ShipmentTrace = lazy(() => import('../components/shipment-trace'));

export const STATUS_COLORS: Record<ShipmentStatus, string> = { planned: 'blue', shipped: 'indigo', delivered: 'teal', cancelled: 'gray' };

function todayIn(timeZone: string): string {
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

type Dialog =
  | { kind: 'form'; shipment: Shipment | null }
  | { kind: 'step'; shipment: Shipment; step: ShipmentStep }
  | { kind: 'slip'; shipment: Shipment }
  | { kind: 'docs'; shipment: Shipment }
  | { kind: 'trace'; shipment: Shipment }
  | null;

/** /shipping-log: every shipment that leaves, searchable by batch code for a recall. */
export default function ShippingLogPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  useDocumentTitle(t('nav.shippingLog'));
  const settings = usePublicSettings();
  const today = todayIn(settings.data?.time_zone ?? 'America/Chicago');
  // ?search= opens the log filtered (a document links to its shipment this way).
  const [address] = useSearchParams();
  const [search, setSearch] = useState(() => address.get('search') ?? '');
  const [debounced] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<ShipmentStatus | ''>('');
  // ?partner_id= opens the log of one partner's shipments (the partner directory links to it).
  const [partnerId, setPartnerId] = useState<number | null>(() => Number(address.get('partner_id')) || null);
  const [carrier, setCarrier] = useState('');
  const [debouncedCarrier] = useDebouncedValue(carrier, 300);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const { resetPage, query, table } = useServerTable<Shipment>({ columnAccessor: 'number', direction: 'desc' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reason, setReason] = useState('');
  const params: ShipmentListParams = {
    search: debounced,
    status,
    carrier: debouncedCarrier,
    partnerId,
    from,
    to,
    ...query,
  };
  const q = useShipments(params);
  const step = useShipmentStep();
  const fail = (err: unknown) => void notify('danger', errorMessage(err, t), t('shipping.toast.failed'));

  const runStep = () => {
    if (dialog?.kind !== 'step') return;
    const { shipment: s, step: st } = dialog;
    step.mutate(
      { id: s.id, step: st, reason },
      {
        onSuccess: () => {
          notify('success', t(`shipping.toast.${st}`, { number: s.number }));
          setDialog(null);
          setReason('');
        },
        onError: fail,
      },
    );
  };

  return (
    <PageFrame
      title={t('nav.shippingLog')}
      description={t('pages.shippingLog.description')}
      actions={
        <Group>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void downloadCSV('/api/shipments.csv', shipmentListQuery({ ...params, page: undefined, pageSize: undefined })).catch(fail)}
          >
            {t('shipping.export')}
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'form', shipment: null })}>
            {t('shipping.new')}
          </Button>
        </Group>
      }
    >
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <SearchInput
            label={t('shipping.filters.search')}
            placeholder={t('shipping.filters.searchPlaceholder')}
            value={search}
            onSearch={resetPage(setSearch)}
          />
          <Select
            label={t('shipping.filters.status')}
            w={170}
            data={[{ value: '', label: t('shipping.filters.anyStatus') }, ...STATUSES.map((s) => ({ value: s, label: t(`shipping.status.${s}`) }))]}
            value={status}
            onChange={(v) => resetPage(setStatus)((v ?? '') as ShipmentStatus | '')}
            allowDeselect={false}
          />
          <PartnerFilter label={t('shipping.filters.partner')} anyLabel={t('shipping.filters.anyPartner')} w={220} value={partnerId} onChange={resetPage(setPartnerId)} />
          <TextInput label={t('shipping.filters.carrier')} w={160} value={carrier} onChange={(e) => resetPage(setCarrier)(e.currentTarget.value)} />
          <DateField label={t('shipping.filters.from')} w={170} clearable value={from} onChange={(v) => resetPage(setFrom)(v ?? '')} />
          <DateField label={t('shipping.filters.to')} w={170} clearable value={to} onChange={(v) => resetPage(setTo)(v ?? '')} />
        </Group>
        <QueryError query={q} />
        {showsTable(q) && (
          <ServerTable<Shipment>
            {...table}
            records={q.data?.shipments ?? []}
            total={q.data?.total ?? 0}
            fetching={q.isFetching}
            label={t('shipping.table.label')}
            empty={t('shipping.table.empty')}
            perPageLabel={t('shipping.table.perPage')}
            rangeKey="shipping.table.range"
            columns={[
              { accessor: 'number', title: t('shipping.fields.number'), sortable: true, render: (s) => <Text fw={600} style={{ whiteSpace: 'nowrap' }}>{s.number}</Text> },
              {
                accessor: 'ship_date',
                title: t('shipping.fields.shipDate'),
                sortable: true,
                noWrap: true,
                render: (s) => <time dateTime={s.ship_date}>{formatCalendarDate(s.ship_date, lng)}</time>,
              },
              {
                accessor: 'destination',
                title: t('shipping.fields.destination'),
                sortable: true,
                render: (s) => (
                  <>
                    {s.destination.name}
                    {s.project_name && (
                      <Text size="xs" c="dimmed">
                        {s.project_name}
                      </Text>
                    )}
                  </>
                ),
              },
              { accessor: 'carrier', title: t('shipping.fields.carrier'), sortable: true },
              { accessor: 'tracking_number', title: t('shipping.fields.tracking') },
              {
                accessor: 'lines',
                title: t('shipping.fields.batches'),
                render: (s) =>
                  s.lines.map((l) => (
                    <Group key={l.batch_id} gap={4} wrap="nowrap">
                      <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
                        {l.batch_code} × {formatQuantity(l.quantity, l.item_unit, t, lng)}
                      </Text>
                      {/* A held batch on a shipment planned, or out already and now recalled, is marked. */}
                      {l.held_by && s.status !== 'cancelled' && <HeldBadge hold={l.held_by} />}
                    </Group>
                  )),
              },
              {
                accessor: 'status',
                title: t('shipping.fields.status'),
                sortable: true,
                render: (s) => <Badge color={STATUS_COLORS[s.status]}>{t(`shipping.status.${s.status}`)}</Badge>,
              },
              {
                accessor: 'actions',
                title: '',
                textAlign: 'right',
                render: (s) => (
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <Button variant="subtle" size="compact-sm" aria-label={t('shipping.actions.menu', { number: s.number })}>
                        <IconDots size={16} aria-hidden />
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => setDialog({ kind: 'slip', shipment: s })}>{t('shipping.actions.slip')}</Menu.Item>
                      <Menu.Item onClick={() => setDialog({ kind: 'docs', shipment: s })}>{t('shipping.actions.documents')}</Menu.Item>
                      <Menu.Item onClick={() => setDialog({ kind: 'trace', shipment: s })}>{t('shipping.actions.trace')}</Menu.Item>
                      {s.status === 'planned' && <Menu.Item onClick={() => setDialog({ kind: 'form', shipment: s })}>{t('shipping.actions.edit')}</Menu.Item>}
                      {s.status === 'planned' && <Menu.Item onClick={() => setDialog({ kind: 'step', shipment: s, step: 'ship' })}>{t('shipping.actions.ship')}</Menu.Item>}
                      {s.status === 'shipped' && (
                        <Menu.Item onClick={() => setDialog({ kind: 'step', shipment: s, step: 'deliver' })}>{t('shipping.actions.deliver')}</Menu.Item>
                      )}
                      {(s.status === 'planned' || s.status === 'shipped') && (
                        <Menu.Item color="red" onClick={() => setDialog({ kind: 'step', shipment: s, step: 'cancel' })}>
                          {t('shipping.actions.cancel')}
                        </Menu.Item>
                      )}
                    </Menu.Dropdown>
                  </Menu>
                ),
              },
            ]}
          />
        )}
      </Stack>
      {dialog?.kind === 'form' && (
        <ShipmentForm
          shipment={dialog.shipment}
          today={today}
          onClose={() => setDialog(null)}
          onError={fail}
          onSaved={(s) => {
            notify('success', t('shipping.toast.saved', { number: s.number }));
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'docs' && (
        <Modal opened size="lg" onClose={() => setDialog(null)} title={t('shipping.docsTitle', { number: dialog.shipment.number })}>
          <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
            <LinkedDocuments linkKind="shipment" linkId={dialog.shipment.id} defaultType="bill_of_lading" />
          </Suspense>
        </Modal>
      )}
      {dialog?.kind === 'trace' && (
        <Modal opened size="xl" onClose={() => setDialog(null)} title={t('shipping.traceTitle', { number: dialog.shipment.number })}>
          <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
            <ShipmentTrace shipmentId={dialog.shipment.id} />
          </Suspense>
        </Modal>
      )}
      {dialog?.kind === 'slip' && <PackingSlip shipment={dialog.shipment} orgName={settings.data?.organisation_name ?? ''} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'step' && (
        <Modal opened onClose={() => setDialog(null)} title={t(`shipping.confirm.${dialog.step}Title`, { number: dialog.shipment.number })}>
          <Stack>
            <Text>{t(`shipping.confirm.${dialog.step}Text`, { number: dialog.shipment.number })}</Text>
            {dialog.step === 'cancel' && (
              <Textarea required label={t('shipping.fields.cancelReason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)}>
                {t('common.close')}
              </Button>
              <Button color={dialog.step === 'cancel' ? 'red' : undefined} loading={step.isPending} onClick={runStep}>
                {t(`shipping.actions.${dialog.step}`)}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </PageFrame>
  );
}
