import { NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrgToday } from '@/lib/org-time';
import { useRecordPayment, type Invoice } from '../api/invoices';
import { useMethods } from '../api/methods';
import { formatMoney, minorDigits, toMajor, toMinor } from '../lib/money';
import { FormActions } from '@/components/form-actions';
import { DateField } from '@/components/date-field';
import { GuardedModal, useChangedSinceOpen } from '@/components/guarded-modal';

export interface PaymentFormProps {
  invoice: Invoice;
  onClose: () => void;
  onSaved: () => void;
  onError: (err: unknown) => void;
}

/** Records money received against a sent invoice; the balance is offered, more is refused by the server. */
export function PaymentForm({ invoice, onClose, onSaved, onError }: PaymentFormProps) {
  const { t, i18n } = useTranslation();
  const { today } = useOrgToday();
  const methods = useMethods();
  const record = useRecordPayment();
  const [amount, setAmount] = useState<number | string>(toMajor(invoice.balance_minor, invoice.currency));
  const [paidOn, setPaidOn] = useState(today);
  const [methodId, setMethodId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const dirty = useChangedSinceOpen({ amount, paidOn, methodId, note });
  const primary = methods.data?.methods.find((m) => m.primary);
  const chosen = methodId ?? (primary ? String(primary.id) : null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    record.mutate(
      { id: invoice.id, amount_minor: toMinor(amount, invoice.currency) ?? 0, paid_on: paidOn, method_id: chosen ? Number(chosen) : null, note },
      { onSuccess: onSaved, onError },
    );
  };
  return (
    <GuardedModal dirty={dirty} opened onClose={onClose} title={t('payments.payment.title')}>
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm">{t('payments.payment.owed', { amount: formatMoney(invoice.balance_minor, invoice.currency, i18n.language) })}</Text>
          <NumberInput
            required
            data-autofocus
            label={`${t('payments.payment.amount')} (${invoice.currency})`}
            min={0}
            decimalScale={minorDigits(invoice.currency)}
            value={amount}
            onChange={setAmount}
          />
          <DateField required label={t('payments.payment.paidOn')} maxDate={today} value={paidOn} onChange={(v) => setPaidOn(v ?? '')} />
          <Select
            clearable
            label={t('payments.payment.method')}
            data={(methods.data?.methods ?? []).map((m) => ({ value: String(m.id), label: m.label }))}
            value={chosen}
            onChange={setMethodId}
          />
          <TextInput label={t('payments.payment.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          <FormActions onCancel={onClose} submitLabel={t('payments.payment.save')} loading={record.isPending} />
        </Stack>
      </form>
    </GuardedModal>
  );
}
