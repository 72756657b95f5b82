import '../strings';
import { Alert, Badge, Button, Checkbox, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
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
          <Table.ScrollContainer minWidth={520}>
            <Table withTableBorder highlightOnHover aria-label={t('payments.plans.table')} aria-busy={q.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('payments.plans.fields.name')}</Table.Th>
                  <Table.Th ta="right">{t('payments.plans.fields.price')}</Table.Th>
                  <Table.Th>{t('payments.plans.fields.period')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.isPending && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>{t('common.loading')}</Table.Td>
                  </Table.Tr>
                )}
                {q.data?.plans.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>{t('payments.plans.empty')}</Table.Td>
                  </Table.Tr>
                )}
                {q.data?.plans.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td data-flush>
                      <Button variant="subtle" size="compact-sm" onClick={() => setEditing(p)} aria-label={t('payments.plans.edit', { name: p.name })}>
                        {p.name}
                      </Button>
                    </Table.Td>
                    <Table.Td ta="right">{t('payments.plans.rate', { price: formatMoney(p.unit_price_minor, currency, i18n.language), unit: p.unit })}</Table.Td>
                    <Table.Td>{t(`payments.periods.${p.period}`)}</Table.Td>
                    <Table.Td>{p.archived ? <Badge color="gray">{t('payments.plans.archived')}</Badge> : <Text span />}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
