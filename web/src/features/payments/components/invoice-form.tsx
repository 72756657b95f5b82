import { ActionIcon, Button, Divider, Group, Modal, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_INFO, languageOf } from '@/i18n/languages';
import { formatNumber } from '@/lib/format';
import { useSaveInvoice, type Invoice } from '../api/invoices';
import { usePlans } from '../api/plans';
import { CURRENCIES, formatMoney, minorDigits, previewTotals, toMajor, toMinor } from '../lib/money';
import { SegmentedField } from '@/components/segmented-field';
import { FormActions } from '@/components/form-actions';
import { useClientOptions } from '@/features/clients';
import { useClientProjects } from '@/features/projects';

interface LineDraft {
  key: number;
  description: string;
  quantity: number | string;
  price: number | string; // major units
}

let nextKey = 1;

export interface InvoiceFormProps {
  invoice: Invoice | null; // null: a new draft
  currency: string; // the organisation's
  onClose: () => void;
  onSaved: (inv: Invoice) => void;
  onError: (err: unknown) => void;
}

/**
 * Drafts an invoice or edits a draft: client, optional project (whose produced or shipped
 * units become a line at a pricing plan's rate), lines, tax rate, terms, language.
 */
export function InvoiceForm({ invoice, currency: orgCurrency, onClose, onSaved, onError }: InvoiceFormProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const save = useSaveInvoice();
  const clients = useClientOptions();
  const plans = usePlans();
  const [clientId, setClientId] = useState<number | null>(invoice?.client_id ?? null);
  const clientName = clients.data?.clients.find((c) => c.id === clientId)?.name ?? invoice?.bill_to.name ?? '';
  const projects = useClientProjects(clientId, clientName);
  const [projectId, setProjectId] = useState<number | null>(invoice?.project_id ?? null);
  const [currency, setCurrency] = useState(invoice?.currency ?? orgCurrency);
  const [language, setLanguage] = useState<string>(invoice?.language ?? languageOf(lng));
  const [taxPct, setTaxPct] = useState<number | string>(invoice ? invoice.tax_rate_bp / 100 : 0);
  const [dueDays, setDueDays] = useState<number | string>(invoice?.due_days ?? 30);
  const [notes, setNotes] = useState(invoice?.notes ?? '');
  const [lines, setLines] = useState<LineDraft[]>(
    invoice?.lines.map((l) => ({ key: nextKey++, description: l.description, quantity: l.quantity, price: toMajor(l.unit_price_minor, invoice.currency) })) ?? [
      { key: nextKey++, description: '', quantity: 1, price: '' },
    ],
  );
  const [planId, setPlanId] = useState<string | null>(null);
  const [basis, setBasis] = useState<'produced' | 'shipped'>('produced');
  const project = projects.data?.find((p) => p.id === projectId);
  const plan = plans.data?.plans.find((p) => String(p.id) === planId);

  const setLine = (key: number, patch: Partial<LineDraft>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const body = () => ({
    client_id: clientId ?? 0,
    project_id: projectId ?? (invoice?.project_id ? 0 : undefined),
    currency,
    language: language as Invoice['language'],
    tax_rate_bp: Math.round(Number(taxPct || 0) * 100),
    due_days: Number(dueDays || 0),
    notes,
    lines: lines.map((l) => ({ description: l.description, quantity: Number(l.quantity || 0), unit_price_minor: toMinor(l.price, currency) ?? -1 })),
  });
  const preview = previewTotals(
    lines.map((l) => ({ quantity: Number(l.quantity || 0), unit_price_minor: toMinor(l.price, currency) ?? 0 })),
    Math.round(Number(taxPct || 0) * 100),
  );
  const addFromProject = () => {
    if (!project || !plan) return;
    const units = basis === 'produced' ? project.produced_units : project.shipped_units;
    const key = basis === 'produced' ? 'payments.form.lineProduced' : 'payments.form.lineShipped';
    setLines((ls) => [
      ...ls.filter((l) => l.description || l.price !== ''),
      { key: nextKey++, description: t(key, { plan: plan.name, project: project.name }), quantity: units, price: toMajor(plan.unit_price_minor, currency) },
    ]);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const b = body();
    const { project_id, ...rest } = b;
    if (invoice) save.mutate({ id: invoice.id, ...b }, { onSuccess: onSaved, onError });
    else save.mutate({ ...rest, ...(project_id ? { project_id } : {}) }, { onSuccess: onSaved, onError });
  };

  return (
    <Modal opened onClose={onClose} size="xl" title={invoice ? t('payments.form.editTitle') : t('payments.form.newTitle')}>
      <form onSubmit={submit}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              required
              searchable
              data-autofocus
              label={t('payments.form.client')}
              data={(clients.data?.clients ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              value={clientId ? String(clientId) : null}
              onChange={(v) => {
                setClientId(v ? Number(v) : null);
                setProjectId(null);
              }}
            />
            <Select
              clearable
              label={t('payments.form.project')}
              placeholder={t('payments.form.noProject')}
              disabled={!clientId}
              data={(projects.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
              value={projectId ? String(projectId) : null}
              onChange={(v) => setProjectId(v ? Number(v) : null)}
            />
          </SimpleGrid>
          {project && (
            <Paper withBorder radius="md" p="sm">
              <Text fw={600} size="sm" mb="xs">
                {t('payments.form.fromProject')}
              </Text>
              <Group align="flex-end" wrap="wrap">
                <Select
                  label={t('payments.form.plan')}
                  data={(plans.data?.plans ?? []).map((p) => ({
                    value: String(p.id),
                    label: `${p.name} — ${t('payments.plans.rate', { price: formatMoney(p.unit_price_minor, currency, lng), unit: p.unit })}`,
                  }))}
                  value={planId}
                  onChange={setPlanId}
                  style={{ flex: 1, minWidth: 220 }}
                />
                <SegmentedField
                  label={t('payments.form.basis')}
                  value={basis}
                  onChange={setBasis}
                  data={[
                    { value: 'produced', label: t('payments.form.produced', { units: formatNumber(project.produced_units, lng) }) },
                    { value: 'shipped', label: t('payments.form.shipped', { units: formatNumber(project.shipped_units, lng) }) },
                  ]}
                />
                <Button variant="light" onClick={addFromProject} disabled={!plan}>
                  {t('payments.form.addFromProject')}
                </Button>
              </Group>
            </Paper>
          )}
          <Divider label={t('payments.form.lines')} labelPosition="left" />
          {lines.map((l, i) => (
            <Group key={l.key} align="flex-end" wrap="nowrap" gap="xs">
              <TextInput
                required
                style={{ flex: 3 }}
                label={i === 0 ? t('payments.invoice.description') : undefined}
                aria-label={t('payments.invoice.description')}
                value={l.description}
                onChange={(e) => setLine(l.key, { description: e.currentTarget.value })}
              />
              <NumberInput
                required
                style={{ flex: 1 }}
                label={i === 0 ? t('payments.invoice.quantity') : undefined}
                aria-label={t('payments.invoice.quantity')}
                min={0}
                decimalScale={3}
                value={l.quantity}
                onChange={(v) => setLine(l.key, { quantity: v })}
              />
              <NumberInput
                required
                style={{ flex: 1 }}
                label={i === 0 ? t('payments.invoice.unitPrice') : undefined}
                aria-label={t('payments.invoice.unitPrice')}
                min={0}
                decimalScale={minorDigits(currency)}
                value={l.price}
                onChange={(v) => setLine(l.key, { price: v })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mb={4}
                disabled={lines.length === 1}
                aria-label={t('payments.form.removeLine', { n: i + 1 })}
                onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group justify="space-between">
            <Button variant="subtle" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setLines((ls) => [...ls, { key: nextKey++, description: '', quantity: 1, price: '' }])}>
              {t('payments.form.addLine')}
            </Button>
            <Text size="sm" data-testid="invoice-preview">
              {t('payments.form.totals', {
                subtotal: formatMoney(preview.subtotal, currency, lng),
                tax: formatMoney(preview.tax, currency, lng),
                total: formatMoney(preview.total, currency, lng),
              })}
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Select label={t('payments.form.currency')} data={CURRENCIES} value={currency} onChange={(v) => v && setCurrency(v)} allowDeselect={false} searchable />
            <NumberInput label={t('payments.form.taxRate')} min={0} max={100} decimalScale={2} value={taxPct} onChange={setTaxPct} />
            <NumberInput label={t('payments.form.dueDays')} min={0} max={365} allowDecimal={false} value={dueDays} onChange={setDueDays} />
            <Select
              label={t('payments.form.language')}
              data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_INFO[l].nativeName }))}
              value={language}
              onChange={(v) => v && setLanguage(v)}
              allowDeselect={false}
            />
          </SimpleGrid>
          <Textarea label={t('payments.form.notes')} autosize minRows={2} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
          <FormActions onCancel={onClose} submitLabel={t('payments.form.save')} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
