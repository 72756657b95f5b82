import '../strings';
import { Alert, Anchor, Button, Group, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageFrame } from '@/components/page-frame';
import { SearchInput, ServerTable } from '@/components/server-table';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import { notify } from '@/lib/notify';
import { serverRows, useServerTable } from '@/lib/use-server-table';
import { useOrgCurrency } from '../api/currency';
import { exportInvoices, STATUS_FILTERS, useInvoices, type Invoice, type StatusFilter } from '../api/invoices';
import { InvoiceForm } from '../components/invoice-form';
import { StatusBadge } from '../components/status-badge';
import { formatDay, formatMoney } from '../lib/money';

/** /payments/billing (admin): invoices to clients, searched, filtered, sorted and paged on the server. */
export default function BillingPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const navigate = useNavigate();
  const currency = useOrgCurrency();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<StatusFilter | ''>('');
  const { resetPage, query, table } = useServerTable<Invoice>({ columnAccessor: 'created_at', direction: 'desc' });
  const [creating, setCreating] = useState(false);
  const params = { search: debounced, status, ...query };
  const q = useInvoices(params);
  const fail = (err: unknown) => void notify('danger', errorMessage(err, t), t('payments.failed'));
  const name = (inv: Invoice) => inv.number ?? `${t('payments.billing.draftNumber')} ${formatNumber(inv.id, lng)}`;

  return (
    <PageFrame
      title={t('nav.billing')}
      description={t('pages.billing.description')}
      actions={
        <Group gap="xs">
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => exportInvoices(params).catch(fail)}>
            {t('payments.billing.export')}
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('payments.billing.new')}
          </Button>
        </Group>
      }
    >
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <SearchInput label={t('payments.billing.search')} value={search} onSearch={resetPage(setSearch)} />
          <Select
            label={t('payments.billing.status')}
            data={[{ value: '', label: t('payments.billing.anyStatus') }, ...STATUS_FILTERS.map((s) => ({ value: s, label: t(`payments.statuses.${s}`) }))]}
            value={status}
            onChange={(v) => resetPage(setStatus)((v ?? '') as StatusFilter | '')}
            allowDeselect={false}
          />
        </Group>
        {q.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(q.error, t)}
          </Alert>
        ) : (
          <ServerTable<Invoice>
            {...table}
            {...serverRows(q, (d) => d.invoices)}
            label={t('payments.billing.table')}
            empty={t('payments.billing.empty')}
            perPageLabel={t('payments.billing.perPage')}
            rangeKey="payments.billing.range"
            columns={[
              {
                accessor: 'number',
                title: t('payments.billing.columns.number'),
                sortable: true,
                render: (inv) => (
                  <Anchor component={Link} to={paths.app.payments.invoice.getHref(inv.id)} aria-label={t('payments.billing.open', { name: name(inv) })}>
                    {name(inv)}
                  </Anchor>
                ),
              },
              { accessor: 'client', title: t('payments.billing.columns.client'), sortable: true, render: (inv) => inv.bill_to.name },
              { accessor: 'status', title: t('payments.billing.columns.status'), sortable: true, render: (inv) => <StatusBadge status={inv.status} overdue={inv.overdue} t={t} /> },
              { accessor: 'issue_date', title: t('payments.billing.columns.issued'), sortable: true, render: (inv) => formatDay(inv.issue_date, lng) },
              {
                accessor: 'total',
                title: t('payments.billing.columns.total'),
                sortable: true,
                textAlign: 'right',
                render: (inv) => formatMoney(inv.total_minor, inv.currency, lng),
              },
              {
                accessor: 'balance_minor',
                title: t('payments.billing.columns.balance'),
                textAlign: 'right',
                render: (inv) => (inv.status === 'sent' ? formatMoney(inv.balance_minor, inv.currency, lng) : '—'),
              },
            ]}
          />
        )}
      </Stack>
      {creating && (
        <InvoiceForm
          invoice={null}
          currency={currency}
          onClose={() => setCreating(false)}
          onError={fail}
          onSaved={(inv) => {
            notify('success', t('payments.form.saved'));
            setCreating(false);
            void navigate(paths.app.payments.invoice.getHref(inv.id));
          }}
        />
      )}
    </PageFrame>
  );
}
