import { Alert, Checkbox, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrgCurrency } from '../api/currency';
import { KINDS, useSaveMethod, type Method, type MethodKind } from '../api/methods';
import { bankFieldLabels } from '../lib/bank-fields';
import { FormActions } from '@/components/form-actions';
import { startingValues } from '@/lib/form';
import { GuardedModal, useChangedSinceOpen } from '@/components/guarded-modal';

type BankField = 'bank_name' | 'account_name' | 'sort_code' | 'account_number';

/**
 * The bank-details inputs (SPEC's labels: bank name, account name, sort code, account number),
 * in order, the two codes named as banks of the organisation's currency name them (bankFieldLabels).
 */
const bankFields = (currency: string): [BankField, string, boolean][] => {
  const labels = bankFieldLabels(currency);
  return [
    ['bank_name', 'bankName', true],
    ['account_name', 'accountName', true],
    ['sort_code', labels.sort_code, false],
    ['account_number', labels.account_number, true],
  ];
};
const CHEQUE_FIELD: [BankField, string, boolean] = ['account_name', 'accountName', false];

export interface MethodFormProps {
  method: Method | null; // null: a new one
  onClose: () => void;
  onSaved: (m: Method) => void;
  onError: (err: unknown) => void;
}

/** Add or edit a payment method: bank details for a transfer, a https link for cards (never a card number). */
export function MethodForm({ method, onClose, onSaved, onError }: MethodFormProps) {
  const { t } = useTranslation();
  const currency = useOrgCurrency();
  const save = useSaveMethod();
  const [kind, setKind] = useState<MethodKind>(method?.kind ?? 'bank_transfer');
  const [f, setF] = useState(() =>
    startingValues({ label: '', bank_name: '', account_name: '', sort_code: '', account_number: '', notes: '', payment_url: '' }, method),
  );
  const [primary, setPrimary] = useState(method?.primary ?? false);
  const [archived, setArchived] = useState(method?.archived ?? false);
  const dirty = useChangedSinceOpen({ kind, f, primary, archived });
  const set = (k: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const v = e.currentTarget.value;
    setF((x) => ({ ...x, [k]: v }));
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (method) {
      save.mutate({ id: method.id, ...f, archived, ...(primary && !method.primary ? { primary: true } : {}) }, { onSuccess: onSaved, onError });
    } else {
      save.mutate({ kind, ...f, primary }, { onSuccess: onSaved, onError });
    }
  };
  const field = (k: keyof typeof f, label: string, required = false) => (
    <TextInput key={k} required={required} label={t(`payments.methods.fields.${label}`)} value={f[k]} onChange={set(k)} />
  );
  return (
    <GuardedModal dirty={dirty} opened onClose={onClose} size="lg" title={method ? t('payments.methods.form.editTitle', { name: method.label }) : t('payments.methods.form.newTitle')}>
      <form onSubmit={submit}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('payments.methods.fields.kind')}
              data={KINDS.map((k) => ({ value: k, label: t(`payments.kinds.${k}`) }))}
              value={kind}
              onChange={(v) => v && setKind(v as MethodKind)}
              disabled={!!method}
              allowDeselect={false}
            />
            <TextInput required data-autofocus label={t('payments.methods.fields.label')} value={f.label} onChange={set('label')} />
          </SimpleGrid>
          {kind === 'bank_transfer' && <SimpleGrid cols={{ base: 1, sm: 2 }}>{bankFields(currency).map(([k, label, required]) => field(k, label, required))}</SimpleGrid>}
          {kind === 'cheque' && field(...CHEQUE_FIELD)}
          {kind === 'card_link' && (
            <>
              <TextInput required type="url" label={t('payments.methods.fields.paymentUrl')} value={f.payment_url} onChange={set('payment_url')} />
              <Alert variant="light" color="blue">
                {t('payments.methods.noCardNumbers')}
              </Alert>
            </>
          )}
          <Textarea label={t('payments.methods.fields.notes')} autosize minRows={2} value={f.notes} onChange={set('notes')} />
          <Checkbox
            label={t('payments.methods.makePrimary')}
            description={t('payments.methods.primaryHelp')}
            checked={primary}
            disabled={method?.primary}
            onChange={(e) => setPrimary(e.currentTarget.checked)}
          />
          {method && !method.primary && (
            <Checkbox label={t('payments.methods.fields.archived')} checked={archived} onChange={(e) => setArchived(e.currentTarget.checked)} />
          )}
          <FormActions onCancel={onClose} submitLabel={t('payments.methods.form.save')} loading={save.isPending} />
        </Stack>
      </form>
    </GuardedModal>
  );
}
