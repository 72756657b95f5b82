import '../strings';
import { Alert, Badge, Button, Checkbox, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useOrgCurrency } from '../api/currency';
import { usePlans, type Plan } from '../api/plans';
import { PlanForm } from '../components/plan-form';
import { formatMoney } from '../lib/money';

/** /payments/pricing-plans (admin): the packages and per-unit rates the group offers. */
export default function PricingPlansPage() {
  const { t, i18n } = useTranslation();
  const currency = useOrgCurrency();
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<Plan | null | undefined>(undefined);
  const q = usePlans(archived);
  return (
    <PageFrame
      title={t('nav.pricingPlans')}
      description={t('pages.pricingPlans.description')}
      actions={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>
          {t('payments.plans.new')}
        </Button>
      }
    >
      <Stack>
        <Checkbox label={t('payments.plans.includeArchived')} checked={archived} onChange={(e) => setArchived(e.currentTarget.checked)} />
        {q.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(q.error, t)}
          </Alert>
        ) : (
          <DataTable<Plan>
            withTableBorder
            borderRadius="md"
            highlightOnHover
            minHeight={q.data?.plans.length ? undefined : 160}
            records={q.data?.plans ?? []}
            fetching={q.isFetching}
            aria-label={t('payments.plans.table')}
            noRecordsText={t('payments.plans.empty')}
            loadingText={t('common.loading')}
            columns={[
              {
                accessor: 'name',
                title: t('payments.plans.fields.name'),
                render: (p) => (
                  <Button variant="subtle" size="compact-sm" onClick={() => setEditing(p)} aria-label={t('payments.plans.edit', { name: p.name })}>
                    {p.name}
                  </Button>
                ),
              },
              {
                accessor: 'unit_price_minor',
                title: t('payments.plans.fields.price'),
                textAlign: 'end',
                render: (p) => t('payments.plans.rate', { price: formatMoney(p.unit_price_minor, currency, i18n.language), unit: p.unit }),
              },
              { accessor: 'period', title: t('payments.plans.fields.period'), render: (p) => t(`payments.periods.${p.period}`) },
              {
                accessor: 'archived',
                title: '',
                render: (p) => (p.archived ? <Badge color="gray">{t('payments.plans.archived')}</Badge> : <Text span />),
              },
            ]}
          />
        )}
      </Stack>
      {editing !== undefined && (
        <PlanForm
          plan={editing}
          currency={currency}
          onClose={() => setEditing(undefined)}
          onError={(err) => void notify('danger', errorMessage(err, t), t('payments.failed'))}
          onSaved={(p) => {
            notify('success', t('payments.plans.saved', { name: p.name }));
            setEditing(undefined);
          }}
        />
      )}
    </PageFrame>
  );
}
