import { Checkbox, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERIODS, useSavePlan, type Plan, type PlanPeriod } from '../api/plans';
import { minorDigits, toMajor, toMinor } from '../lib/money';
import { FormActions } from '@/components/form-actions';
import { GuardedModal, useChangedSinceOpen } from '@/components/guarded-modal';

export interface PlanFormProps {
  plan: Plan | null; // null: a new one
  currency: string;
  onClose: () => void;
  onSaved: (p: Plan) => void;
  onError: (err: unknown) => void;
}

/** Add or edit a pricing plan; the price is typed in the organisation's currency. */
export function PlanForm({ plan, currency, onClose, onSaved, onError }: PlanFormProps) {
  const { t } = useTranslation();
  const save = useSavePlan();
  const [name, setName] = useState(plan?.name ?? '');
  const [unit, setUnit] = useState(plan?.unit ?? '');
  const [price, setPrice] = useState<number | string>(plan ? toMajor(plan.unit_price_minor, currency) : '');
  const [period, setPeriod] = useState<PlanPeriod>(plan?.period ?? 'per_unit');
  const [archived, setArchived] = useState(plan?.archived ?? false);
  const dirty = useChangedSinceOpen({ name, unit, price, period, archived });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const minor = toMinor(price, currency) ?? -1;
    const body = { name, unit, unit_price_minor: minor, period };
    save.mutate(plan ? { id: plan.id, ...body, archived } : body, { onSuccess: onSaved, onError });
  };
  return (
    <GuardedModal dirty={dirty} opened onClose={onClose} title={plan ? t('payments.plans.form.editTitle', { name: plan.name }) : t('payments.plans.form.newTitle')}>
      <form onSubmit={submit}>
        <Stack>
          <TextInput required data-autofocus label={t('payments.plans.fields.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              required
              label={t('payments.plans.fields.unit')}
              description={t('payments.plans.fields.unitHelp')}
              value={unit}
              onChange={(e) => setUnit(e.currentTarget.value)}
            />
            <NumberInput
              required
              label={`${t('payments.plans.fields.price')} (${currency})`}
              min={0}
              decimalScale={minorDigits(currency)}
              value={price}
              onChange={setPrice}
            />
          </SimpleGrid>
          <Select
            label={t('payments.plans.fields.period')}
            data={PERIODS.map((p) => ({ value: p, label: t(`payments.periods.${p}`) }))}
            value={period}
            onChange={(v) => v && setPeriod(v as PlanPeriod)}
            allowDeselect={false}
          />
          {plan && <Checkbox label={t('payments.plans.fields.archived')} checked={archived} onChange={(e) => setArchived(e.currentTarget.checked)} />}
          <FormActions onCancel={onClose} submitLabel={t('payments.plans.form.save')} loading={save.isPending} />
        </Stack>
      </form>
    </GuardedModal>
  );
}
