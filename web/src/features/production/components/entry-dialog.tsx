import { Alert, Badge, Button, Group, NumberInput, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { GuardedCancelButton, GuardedModal } from '@/components/guarded-modal';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExpiredConfirm, expiredIndex, ScanButton } from '@/features/inventory';
import { ProjectSelect } from '@/features/projects';
import { useProducts } from '../api/get-lines';
import { useSuggestion } from '../api/get-suggestion';
import { useCreateEntry } from '../api/mutations';
import type { Entry, Line, Suggestion, SuggestionComponent } from '../api/types';
import { formatDay, formatHour, formatQty, productionError, shortages } from '../lib/format';
import { pickScanned } from '../lib/scan-pick';
import { SubtractionView } from './subtraction-view';
import { formatQuantity } from '@/lib/units';

/** Quantities are exact thousandths: compare and add them as integers. */
const milli = (v: number) => Math.round(v * 1000);

type Picks = Record<number, number>; // batch id → quantity (thousandths)


/** What the picks of one component amount to, and whether they cover its need. */
function pickState(c: SuggestionComponent, picks: Picks): { picked: number; state: 'ok' | 'mismatch' | 'short' | 'over' } {
  let picked = 0;
  let over = false;
  for (const b of c.batches) {
    const q = picks[b.id] ?? 0;
    picked += q;
    if (q > milli(b.on_hand)) over = true;
  }
  if (milli(c.on_hand) < milli(c.needed)) return { picked, state: 'short' };
  if (over) return { picked, state: 'over' };
  return { picked, state: picked === milli(c.needed) ? 'ok' : 'mismatch' };
}

interface Props {
  opened: boolean;
  onClose: () => void;
  date: string;
  hour: number;
  line: Line | null;
  /** What the line was making (its latest entry of the day): its product and project are proposed. */
  proposal?: Pick<Entry, 'product_id' | 'project_id'>;
}

/**
 * Record an hour's units on a line: pick the product and units, then the batches each
 * component comes from, in place (first expiry first suggested, editable, split as
 * needed; on hand shown, a warning before a batch runs out). After saving, the
 * subtraction view shows what each batch held before, what was taken and what is left.
 */
export function EntryDialog({ opened, onClose, date, hour, line, proposal }: Props) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const products = useProducts();
  const [productId, setProductId] = useState<number | null>(null);
  const [units, setUnits] = useState<number>(0);
  const [note, setNote] = useState('');
  const [projectId, setProjectId] = useState<number | null>(proposal?.project_id ?? null);
  // Edits to the picks belong to the suggestion they were made on.
  const [edits, setEdits] = useState<{ on: Suggestion; picks: Picks } | null>(null);
  const [saved, setSaved] = useState<Entry | null>(null);
  // Why each expired batch confirmed for this entry is used (batch id → reason), and the
  // refusal of one waiting for its reason.
  const [expiredReasons, setExpiredReasons] = useState<Record<number, string>>({});
  const [expired, setExpired] = useState<{ error: unknown; batchId: number } | null>(null);
  const create = useCreateEntry();
  const proposed = products.data?.some((p) => p.id === proposal?.product_id) ? proposal!.product_id : undefined;
  const product = productId ?? proposed ?? products.data?.[0]?.id ?? null;
  const suggestion = useSuggestion(product, units > 0 ? units : 0, date);

  // A new product or unit count starts again from the first-expiry-first-out suggestion.
  const data = suggestion.data;
  const picks = useMemo<Picks>(() => {
    if (data && edits?.on === data) return edits.picks;
    const next: Picks = {};
    for (const c of data?.components ?? []) for (const p of c.picks) next[p.batch_id] = milli(p.quantity);
    return next;
  }, [data, edits]);

  const states = useMemo(() => (data && units > 0 ? data.components.map((c) => pickState(c, picks)) : []), [data, picks, units]);
  const ready = units > 0 && data != null && data.units === units && states.every((s) => s.state === 'ok');

  // What was typed and not yet saved: closing then asks first.
  const dirty = saved === null && (units > 0 || note !== '' || productId !== null || edits !== null);
  const close = () => {
    setSaved(null);
    setUnits(0);
    setNote('');
    setProjectId(null);
    setExpiredReasons({});
    create.reset();
    onClose();
  };

  const save = (reasons: Record<number, string> = expiredReasons) => {
    if (!line || !product || !data) return;
    const batches = Object.entries(picks)
      .filter(([, q]) => q > 0)
      .map(([id, q]) => {
        const reason = reasons[Number(id)];
        return { batch_id: Number(id), quantity: q / 1000, ...(reason ? { allow_expired: true, reason } : {}) };
      });
    create.mutate(
      { date, hour, line_id: line.id, product_id: product, units, note, batches, project_id: projectId ?? undefined },
      {
        onSuccess: (e) => setSaved(e),
        onError: (err) => {
          const index = expiredIndex(err, 'batches');
          if (index !== null && batches[index]) setExpired({ error: err, batchId: batches[index].batch_id });
        },
      },
    );
  };

  /** An expired batch confirmed with a reason: the entry is saved again with it. */
  const confirmExpired = (reason: string) => {
    if (!expired) return;
    const next = { ...expiredReasons, [expired.batchId]: reason };
    setExpiredReasons(next);
    setExpired(null);
    create.reset();
    save(next);
  };

  const short = create.error ? shortages(create.error) : null;
  const title = line ? t('production.entry.title', { line: line.name, hour: formatHour(hour, lng), date: formatDay(date, lng) }) : '';

  return (
    <GuardedModal opened={opened} onClose={close} dirty={dirty} title={title} size="xl" centered>
      {saved ? (
        <Stack>
          <Alert color="teal" title={t('production.entry.saved', { units: formatQty(saved.units, lng), product: saved.product_name })}>
            {t('production.entry.savedBatch', { code: saved.produced_batch_code })}
          </Alert>
          <Title order={3} size="h5">
            {t('production.subtraction.title')}
          </Title>
          <SubtractionView moves={saved.moves} />
          <Group justify="flex-end">
            <Button onClick={close}>{t('production.entry.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          {products.data && products.data.length === 0 && <Alert color="yellow">{t('production.entry.noProducts')}</Alert>}
          <Group grow align="flex-start">
            <Select
              label={t('production.entry.product')}
              data={(products.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} (${p.sku})` }))}
              value={product ? String(product) : null}
              onChange={(v) => {
                setProductId(v ? Number(v) : null);
                setProjectId(null);
              }}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <NumberInput
              label={t('production.entry.units')}
              value={units || ''}
              onChange={(v) => setUnits(typeof v === 'number' ? Math.max(0, Math.floor(v)) : 0)}
              min={1}
              max={1_000_000}
              allowDecimal={false}
              data-autofocus
            />
          </Group>
          {data && units > 0 && (
            <Stack gap="sm" aria-label={t('production.entry.batches')}>
              <Group justify="space-between" gap="xs">
                <Text fw={600}>{t('production.entry.batches')}</Text>
                <ScanButton
                  size="xs"
                  title={t('inventory.scan.productionPicker')}
                  onRead={(ref) => {
                    const hit = pickScanned(data, picks, ref);
                    if (!hit) return t('inventory.scan.notHere', { code: ref.code });
                    setEdits({ on: data, picks: hit.picks });
                    return null;
                  }}
                />
              </Group>
              {data.components.map((c, i) => (
                <ComponentPicks
                  key={c.item_id}
                  component={c}
                  state={states[i]}
                  picks={picks}
                  onPick={(batchId, q) => data && setEdits({ on: data, picks: { ...picks, [batchId]: q } })}
                />
              ))}
            </Stack>
          )}
          <ProjectSelect value={projectId} onChange={setProjectId} productId={product} />
          <Textarea label={t('production.entry.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} rows={2} maxLength={500} />
          {create.error && (
            <Alert color="red" icon={<IconAlertTriangle size={16} aria-hidden />} title={t('production.entry.failed')} role="alert">
              {short ? (
                <Stack gap={2}>
                  <Text size="sm">{t('production.errors.shortTitle')}</Text>
                  {short.map((s) => (
                    <Text size="sm" key={s.item_id}>
                      {t('production.errors.shortItem', { name: s.name, wanted: formatQuantity(s.wanted, s.unit, t, lng), onHand: formatQuantity(s.on_hand, s.unit, t, lng) })}
                    </Text>
                  ))}
                </Stack>
              ) : (
                productionError(create.error, t, lng)
              )}
            </Alert>
          )}
          <Group justify="flex-end">
            <GuardedCancelButton onCancel={close}>{t('common.cancel')}</GuardedCancelButton>
            <Button onClick={() => save()} loading={create.isPending} disabled={!ready}>
              {t('production.entry.save')}
            </Button>
          </Group>
        </Stack>
      )}
      {expired && (
        <Suspense fallback={null}>
          <ExpiredConfirm
            error={expired.error}
            onConfirm={confirmExpired}
            onCancel={() => {
              setExpired(null);
              create.reset();
            }}
          />
        </Suspense>
      )}
    </GuardedModal>
  );
}

const STATE_COLOR = { ok: 'teal', mismatch: 'yellow', short: 'red', over: 'red' } as const;

/** One component: what it needs and its batches, each with the quantity taken from it. */
function ComponentPicks({
  component: c,
  state,
  picks,
  onPick,
}: {
  component: SuggestionComponent;
  state: { picked: number; state: keyof typeof STATE_COLOR } | undefined;
  picks: Picks;
  onPick: (batchId: number, q: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const unit = c.unit ?? '';
  return (
    <Stack gap={4} data-testid={`component-${c.sku ?? c.item_id}`}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {c.name}{' '}
          <Text span c="dimmed" size="xs">
            {t('production.entry.needed', { qty: formatQuantity(c.needed, unit, t, lng) })}
          </Text>
        </Text>
        {state && (
          <Badge color={STATE_COLOR[state.state]} variant="light" style={{ textTransform: 'none' }}>
            {t(`production.entry.pickState.${state.state}`, { picked: formatQuantity(state.picked / 1000, unit, t, lng), onHand: formatQuantity(c.on_hand, unit, t, lng) })}
          </Badge>
        )}
      </Group>
      {c.batches.length === 0 ? (
        <Text size="sm" c="red">
          {t('production.entry.noStock')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table fz="sm" withRowBorders={false} verticalSpacing={2}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('production.subtraction.batch')}</Table.Th>
                <Table.Th>{t('production.entry.expires')}</Table.Th>
                <Table.Th ta="end">{t('production.entry.onHand')}</Table.Th>
                <Table.Th w={140}>{t('production.entry.take')}</Table.Th>
                <Table.Th ta="end">{t('production.subtraction.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.batches.map((b) => {
                const q = picks[b.id] ?? 0;
                const after = milli(b.on_hand) - q;
                return (
                  <Table.Tr key={b.id}>
                    <Table.Td ff="monospace">{b.code}</Table.Td>
                    <Table.Td>{b.expires_at ? formatDay(b.expires_at, lng) : '—'}</Table.Td>
                    <Table.Td ta="end">
                      {formatQuantity(b.on_hand, unit, t, lng)}
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        aria-label={t('production.entry.takeFrom', { code: b.code })}
                        value={q / 1000}
                        onChange={(v) => onPick(b.id, typeof v === 'number' ? Math.max(0, milli(v)) : 0)}
                        min={0}
                        decimalScale={3}
                        hideControls
                      />
                    </Table.Td>
                    <Table.Td ta="end">
                      <Text span size="sm" c={after < 0 ? 'red' : after === 0 && q > 0 ? 'orange' : undefined} fw={after <= 0 && q > 0 ? 600 : undefined}>
                        {formatQuantity(after / 1000, unit, t, lng)}
                      </Text>
                      {after === 0 && q > 0 && (
                        <Text size="xs" c="orange">
                          {t('production.entry.runsOut')}
                        </Text>
                      )}
                      {after < 0 && (
                        <Text size="xs" c="red">
                          {t('production.entry.notEnough')}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
