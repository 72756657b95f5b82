import { ActionIcon, Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExpiredConfirm, expiredIndex, ScanButton, type ItemBatch, type LabelRef } from '@/features/inventory';
import { HeldBadge } from '@/components/held-badge';
import { PartnerAutocomplete, useSavePartner } from '@/features/partners';
import { ProjectSelect } from '@/features/projects';
import { useBatchOptions, useSaveShipment, type Shipment, type ShipmentInput } from '../api/shipments';
import { ListTable } from '@/components/list-table';
import { formatCalendarDate } from '@/lib/format';
import { formatQuantity } from '@/lib/units';
import { DateField } from '@/components/date-field';
import { GuardedCancelButton, GuardedModal, useChangedSinceOpen } from '@/components/guarded-modal';

interface LineDraft {
  batch_id: number;
  label: string;
  on_hand: number;
  unit: string;
  quantity: number | string;
  /** Why the batch ships though it expired before the ship date ('' when not confirmed). */
  reason: string;
  held_by?: { recall_id: number; number: string } | null;
}

export interface ShipmentFormProps {
  shipment: Shipment | null; // null: a new one
  today: string;
  onClose: () => void;
  onSaved: (s: Shipment) => void;
  onError: (err: unknown) => void;
}

/**
 * Create or edit a planned shipment: its header and a line editor that picks batches (first expiring
 * first). The destination is picked from the partner directory (its address and contact filled in) or
 * typed for this shipment only, and then, if asked, saved as a partner before the shipment.
 */
export function ShipmentForm({ shipment, today, onClose, onSaved, onError }: ShipmentFormProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const save = useSaveShipment();
  const [f, setF] = useState({
    ship_date: shipment?.ship_date ?? today,
    name: shipment?.destination.name ?? '',
    address: shipment?.destination.address ?? '',
    contact: shipment?.destination.contact ?? '',
    carrier: shipment?.carrier ?? '',
    tracking_number: shipment?.tracking_number ?? '',
    pallets: shipment?.pallets ?? 0,
    weight_kg: shipment?.weight_kg ?? 0,
    notes: shipment?.notes ?? '',
  });
  const [projectId, setProjectId] = useState<number | null>(shipment?.project_id ?? null);
  // The partner the destination is (null: typed for this shipment only), and whether to save a typed one as a partner.
  const [partnerId, setPartnerId] = useState<number | null>(shipment?.partner_id ?? null);
  const [saveAsPartner, setSaveAsPartner] = useState(false);
  const createPartner = useSavePartner();
  const [lines, setLines] = useState<LineDraft[]>(
    shipment?.lines.map((l) => ({
      batch_id: l.batch_id,
      label: `${l.item_sku} · ${l.batch_code}`,
      on_hand: l.on_hand,
      unit: l.item_unit,
      quantity: l.quantity,
      reason: l.reason,
      held_by: l.held_by,
    })) ?? [],
  );
  // The refusal of an expired batch on a line, waiting for a reason.
  const [expired, setExpired] = useState<{ error: unknown; index: number } | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useBatchOptions(debounced);
  // Every in-stock batch of the matching items, each item's first expiring first.
  const batchChoices = useMemo(() => {
    const out: { value: string; label: string; on_hand: number; unit: string; disabled: boolean }[] = [];
    for (const it of options.data?.items ?? []) {
      for (const b of it.batches) {
        if (lines.some((l) => l.batch_id === b.id)) continue;
        const exp = b.expires_at ? t('shipping.form.expires', { date: formatCalendarDate(b.expires_at, lng) }) : t('shipping.form.noExpiry');
        const held = b.held_by ? ` — ${t('common.heldBy', { number: b.held_by.number })}` : '';
        out.push({
          value: String(b.id),
          label: `${it.sku} · ${b.code} — ${exp} — ${t('shipping.form.onHandShort', { qty: formatQuantity(b.on_hand, it.unit, t, lng) })}${held}`,
          on_hand: b.on_hand,
          unit: it.unit,
          // A held batch is shown, so that nobody wonders where it went, but cannot be picked.
          disabled: b.held_by != null,
        });
      }
    }
    return out;
  }, [options.data, lines, t, lng]);
  const set = (k: keyof typeof f) => (v: string | number) => setF((x) => ({ ...x, [k]: v }));
  // Closing the form with changes asks first (a click outside, Escape or Cancel).
  const dirty = useChangedSinceOpen({ f, projectId, partnerId, saveAsPartner, lines });

  /** A scanned label adds its batch as a line; a code several items share goes to the search. */
  const addScanned = async (ref: LabelRef, find: () => Promise<ItemBatch[]>): Promise<string | null> => {
    const found = await find();
    if (found.length === 0) return t('inventory.scan.notFound', { code: ref.code });
    if (found.length > 1) {
      setSearch(ref.code);
      return null;
    }
    const b = found[0];
    if (lines.some((l) => l.batch_id === b.id)) return t('inventory.scan.alreadyAdded', { code: b.code });
    if (b.on_hand <= 0) return t('inventory.scan.noStock', { code: b.code });
    if (b.held_by) return t('common.heldBy', { number: b.held_by.number });
    setLines((ls) => [...ls, { batch_id: b.id, label: `${b.item_sku} · ${b.code}`, on_hand: b.on_hand, unit: b.item_unit, quantity: '', reason: '' }]);
    return null;
  };

  const submit = async (drafts: LineDraft[] = lines) => {
    let partner = partnerId;
    if (partner === null && saveAsPartner && f.name.trim()) {
      try {
        partner = (await createPartner.mutateAsync({ name: f.name, address: f.address, contact: f.contact })).id;
      } catch (err) {
        onError(err);
        return;
      }
      setPartnerId(partner);
      setSaveAsPartner(false);
    }
    const body: ShipmentInput & { id?: number } = {
      id: shipment?.id,
      ship_date: f.ship_date,
      destination: { name: f.name, address: f.address, contact: f.contact },
      carrier: f.carrier,
      tracking_number: f.tracking_number,
      pallets: Number(f.pallets) || 0,
      weight_kg: Number(f.weight_kg) || 0,
      notes: f.notes,
      lines: drafts.map((l) => ({
        batch_id: l.batch_id,
        quantity: Number(l.quantity) || 0,
        ...(l.reason ? { allow_expired: true, reason: l.reason } : {}),
      })),
      // An edit sends 0 to take a project or a partner off; a new shipment sends none.
      project_id: projectId ?? (shipment ? 0 : null),
      partner_id: partner ?? (shipment ? 0 : null),
    };
    save.mutate(body, {
      onSuccess: onSaved,
      onError: (err) => {
        const index = expiredIndex(err, 'lines');
        if (index === null) onError(err);
        else setExpired({ error: err, index });
      },
    });
  };

  /** The expired batch confirmed with a reason: the line keeps it, and the shipment is saved again. */
  const confirmExpired = (reason: string) => {
    if (!expired) return;
    const next = lines.map((l, j) => (j === expired.index ? { ...l, reason } : l));
    setLines(next);
    setExpired(null);
    void submit(next);
  };

  return (
    <GuardedModal opened onClose={onClose} dirty={dirty} size="xl" title={shipment ? t('shipping.form.editTitle', { number: shipment.number }) : t('shipping.form.newTitle')}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateField required label={t('shipping.fields.shipDate')} value={f.ship_date} onChange={(v) => set('ship_date')(v ?? '')} />
          <Stack gap={6}>
            <PartnerAutocomplete
              required
              label={t('shipping.fields.destination')}
              value={f.name}
              partnerId={partnerId}
              onType={(name) => {
                set('name')(name);
                setPartnerId(null);
              }}
              onPick={(p) => {
                setF((x) => ({ ...x, name: p.name, address: p.address, contact: p.contact }));
                setPartnerId(p.id);
                setSaveAsPartner(false);
              }}
            />
            {partnerId === null && f.name.trim() !== '' && (
              <Checkbox
                label={t('partners.picker.saveAsPartner')}
                description={t('partners.picker.saveAsPartnerHint', { name: f.name.trim() })}
                checked={saveAsPartner}
                onChange={(e) => setSaveAsPartner(e.currentTarget.checked)}
              />
            )}
          </Stack>
          <Textarea label={t('shipping.fields.address')} autosize minRows={2} value={f.address} onChange={(e) => set('address')(e.currentTarget.value)} />
          <TextInput label={t('shipping.fields.contact')} value={f.contact} onChange={(e) => set('contact')(e.currentTarget.value)} />
          <TextInput label={t('shipping.fields.carrier')} value={f.carrier} onChange={(e) => set('carrier')(e.currentTarget.value)} />
          <TextInput label={t('shipping.fields.tracking')} value={f.tracking_number} onChange={(e) => set('tracking_number')(e.currentTarget.value)} />
          <NumberInput label={t('shipping.fields.pallets')} min={0} max={10000} allowDecimal={false} value={f.pallets} onChange={set('pallets')} />
          <NumberInput label={t('shipping.fields.weight')} min={0} decimalScale={3} value={f.weight_kg} onChange={set('weight_kg')} />
        </SimpleGrid>
        <ProjectSelect value={projectId} onChange={setProjectId} />
        <Textarea label={t('shipping.fields.notes')} autosize minRows={2} value={f.notes} onChange={(e) => set('notes')(e.currentTarget.value)} />
        <Text fw={600}>{t('shipping.form.lines')}</Text>
        <ListTable fz={undefined} withTableBorder columns={[t('shipping.slip.batch'), t('shipping.form.onHand'), t('shipping.slip.quantity'), '']}>
          {lines.map((l, i) => (
            <Table.Tr key={l.batch_id}>
              <Table.Td>
                <Group gap={6}>
                  <span>{l.label}</span>
                  <HeldBadge hold={l.held_by} />
                </Group>
                {l.reason && (
                  <Text size="xs" c="orange">
                    {t('inventory.expired.usedBecause', { reason: l.reason })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {formatQuantity(l.on_hand, l.unit, t, lng)}
              </Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={t('shipping.form.quantityOf', { batch: l.label })}
                  min={0}
                  decimalScale={3}
                  value={l.quantity}
                  onChange={(v) => setLines((ls) => ls.map((x, j) => (j === i ? { ...x, quantity: v } : x)))}
                />
              </Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" color="red" aria-label={t('shipping.form.removeLine', { batch: l.label })} onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}>
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
        <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          style={{ flex: 1 }}
          label={t('shipping.form.addBatch')}
          placeholder={t('shipping.form.searchBatch')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: o }) => o}
          data={batchChoices.map(({ value, label, disabled }) => ({ value, label, disabled }))}
          value={null}
          nothingFoundMessage={t('shipping.form.noBatches')}
          leftSection={<IconPlus size={16} aria-hidden />}
          onChange={(v) => {
            const c = batchChoices.find((x) => x.value === v);
            if (!c) return;
            setLines((ls) => [...ls, { batch_id: Number(c.value), label: c.label.split(' — ')[0], on_hand: c.on_hand, unit: c.unit, quantity: '', reason: '' }]);
            setSearch('');
          }}
        />
          <ScanButton title={t('inventory.scan.shipmentLine')} onRead={addScanned} />
        </Group>
        <Group justify="flex-end">
          <GuardedCancelButton onCancel={onClose}>
            {t('common.cancel')}
          </GuardedCancelButton>
          <Button onClick={() => void submit()} loading={save.isPending || createPartner.isPending}>
            {t('shipping.form.save')}
          </Button>
        </Group>
      </Stack>
      {expired && (
        <Suspense fallback={null}>
          <ExpiredConfirm error={expired.error} onConfirm={confirmExpired} onCancel={() => setExpired(null)} />
        </Suspense>
      )}
    </GuardedModal>
  );
}
