import { Badge, Button, Group, Select, Table, Text, Tooltip, useDirection } from '@mantine/core';
import { IconArrowBackUp, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import { ListTable, TitledSection } from '@/components/list-table';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { formatQuantity } from '@/lib/units';
import { useBatchMoves, type MoveReason } from '../api/get-moves';
import type { Move } from '../api/types';
import { formatChange, formatQty } from '../lib/format';
import type { InventoryDialog } from './dialogs';
import { MoveOwner } from './move-owner';

export const REASONS: MoveReason[] = ['receive', 'produce', 'consume', 'ship', 'adjust', 'count', 'reversal'];

export const REASON_COLORS: Record<MoveReason, string> = {
  receive: 'teal',
  produce: 'teal',
  consume: 'blue',
  ship: 'indigo',
  adjust: 'orange',
  count: 'grape',
  reversal: 'gray',
};

const PAGE_SIZE = 25;

/** The document a move came from: its translated kind and number ('Shipment SHP-2026-0042', 'Production entry 12'). */
function documentLabel(m: Move, t: TFunction): string {
  if (!m.document) return '';
  const kind = t(`inventory.documents.${m.document.type}`, { defaultValue: m.document.type });
  const ref = m.owner?.number || m.document.id;
  return ref ? `${kind} ${ref}` : kind;
}

/**
 * Whether a move can still be undone from the screen: not a move its shipment or
 * production entry owns (undone only through that owner, which the row links to).
 */
function canUndo(m: Move): boolean {
  return m.owner == null && m.reason !== 'reversal' && m.reversed_by_id == null && m.quantity !== 0;
}

/**
 * A batch's history of moves (one history, not the same usage three times): newest
 * first, a page at a time from the server, filtered by what the move was and when; who, why,
 * the running balance, and where each owned move belongs.
 */
export function BatchHistory({ batchId, unit, timeZone, onDialog }: { batchId: number; unit: string; timeZone: string; onDialog: (d: InventoryDialog) => void }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [reason, setReason] = useState<MoveReason | undefined>();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // The cursors of the pages before this one: page n is read with before = cursors[n - 1].
  const [cursors, setCursors] = useState<number[]>([]);
  const q = useBatchMoves(batchId, { reason, from, to, before: cursors.at(-1), limit: PAGE_SIZE });
  const filter = <V,>(set: (v: V) => void) => (v: V) => {
    set(v);
    setCursors([]);
  };
  const moves = q.data?.moves ?? [];
  const rtl = useDirection().dir === 'rtl';
  const [Newer, Older] = rtl ? [IconChevronRight, IconChevronLeft] : [IconChevronLeft, IconChevronRight];
  const next = q.data?.next_before;

  return (
    <TitledSection title={t('inventory.batch.history')}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('inventory.history.what')}
          placeholder={t('inventory.batch.allMoves')}
          clearable
          w={200}
          data={REASONS.map((r) => ({ value: r, label: t(`inventory.reasons.${r}`) }))}
          value={reason ?? null}
          onChange={(v) => filter(setReason)((v as MoveReason | null) ?? undefined)}
        />
        <DateField label={t('inventory.batch.from')} clearable w={170} value={from} maxDate={to || undefined} onChange={(v) => filter(setFrom)(v ?? '')} />
        <DateField label={t('inventory.batch.to')} clearable w={170} value={to} minDate={from || undefined} onChange={(v) => filter(setTo)(v ?? '')} />
      </Group>
      {q.isError ? (
        <Text c="red">{errorMessage(q.error, t)}</Text>
      ) : !q.isPending && moves.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('inventory.batch.noMoves')}
        </Text>
      ) : (
        <ListTable
          minWidth={760}
          striped
          withTableBorder
          aria-label={t('inventory.batch.history')}
          aria-busy={q.isFetching}
          columns={[
            t('inventory.history.when'),
            t('inventory.history.what'),
            { label: t('inventory.history.change'), end: true },
            { label: t('inventory.history.balance'), end: true },
            t('inventory.history.why'),
            t('inventory.history.who'),
            t('inventory.history.undo'),
          ]}
        >
          {moves.map((m) => (
            <Table.Tr key={m.id} data-testid={`move-${m.id}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.created_at, lng, timeZone)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={REASON_COLORS[m.reason]} style={{ textTransform: 'none' }}>
                  {t(`inventory.reasons.${m.reason}`)}
                </Badge>
                {m.document && (
                  <Text size="xs" c="dimmed">
                    {documentLabel(m, t)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="end" c={m.quantity < 0 ? 'red' : m.quantity > 0 ? 'teal' : undefined} style={{ whiteSpace: 'nowrap' }}>
                {formatQuantity(m.quantity, unit, t, lng, { signed: true })}
                {m.counted != null && (
                  <Text size="xs" c="dimmed">
                    {t('inventory.history.counted', { qty: formatQty(m.counted, lng) })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="end" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatQuantity(m.balance_after, unit, t, lng)}
              </Table.Td>
              <Table.Td>
                {m.note || '—'}
                {m.reverses_id != null && (
                  <Text size="xs" c="dimmed">
                    {t(`inventory.history.undoes.${m.reverses_reason ?? 'other'}`, { id: m.reverses_id })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{m.user_name || t('inventory.history.system')}</Table.Td>
              <Table.Td>
                {canUndo(m) ? (
                  <Tooltip label={t('inventory.actions.undo')}>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="orange"
                      leftSection={<IconArrowBackUp size={14} aria-hidden />}
                      aria-label={t('inventory.actions.undoMove', { reason: t(`inventory.reasons.${m.reason}`), change: formatChange(m.quantity, lng) })}
                      onClick={() => onDialog({ kind: 'undo', move: m, unit })}
                    >
                      {t('inventory.actions.undo')}
                    </Button>
                  </Tooltip>
                ) : m.reversed_by_id != null ? (
                  <Text size="xs" c="dimmed">
                    {t('inventory.history.undone')}
                  </Text>
                ) : m.owner ? (
                  <MoveOwner owner={m.owner} />
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
      {(cursors.length > 0 || next != null) && (
        <Group justify="center" gap="sm">
          <Button variant="default" leftSection={<Newer size={16} aria-hidden />} disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
            {t('inventory.batch.newer')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('inventory.batch.page', { page: cursors.length + 1 })}
          </Text>
          <Button
            variant="default"
            rightSection={<Older size={16} aria-hidden />}
            disabled={next == null}
            loading={q.isFetching && q.isPlaceholderData}
            onClick={() => next != null && setCursors((c) => [...c, next])}
          >
            {t('inventory.batch.older')}
          </Button>
        </Group>
      )}
    </TitledSection>
  );
}
