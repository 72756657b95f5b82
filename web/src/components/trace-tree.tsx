import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { Schema } from '@/lib/api';
import { formatCalendarDate, formatNumber } from '@/lib/format';
import { formatQuantity, unitName } from '@/lib/units';
import { loadNamespaces } from '@/i18n';

// The tree's strings come with it (namespace `trace`): the batch page and the shipping log both show it.
await loadNamespaces('trace');


export type Trace = Schema<'Trace'>;
export type TraceNode = Schema<'TraceNode'>;
export type TraceDirection = 'forward' | 'backward';

type Edge = Trace['edges'][number];
type Child = { node: TraceNode; edge: Edge };

const KIND_COLORS: Record<TraceNode['kind'], string> = { batch: 'teal', entry: 'blue', shipment: 'indigo', destination: 'grape' };

/** How many children a node shows before "Show all". */
const SHOWN = 25;

const keyOf = (n: TraceNode) => `${n.kind}:${n.id}`;

/** Where a node leads: its batch page, its production day, the shipping log on its shipment or partner. */
function hrefOf(n: TraceNode): string {
  switch (n.kind) {
    case 'batch':
      return paths.app.inventoryBatch.getHref(n.id);
    case 'entry':
      return paths.app.production.daily.getHref(n.date);
    default:
      return paths.app.shippingLog.getHref(n.code);
  }
}

type Branch = { node: TraceNode; edge?: Edge; kids: Branch[]; again: boolean };

/** The tree from the start, depth first; a node met again is a leaf marked `again`. */
function branches(trace: Trace, direction: TraceDirection): Branch | null {
  const byKey = new Map(trace.nodes.map((n) => [keyOf(n), n]));
  const children = new Map<string, Child[]>();
  for (const e of trace.edges) {
    const [parent, child] = direction === 'forward' ? [e.from, e.to] : [e.to, e.from];
    const node = byKey.get(child);
    if (!node) continue;
    const list = children.get(parent) ?? [];
    list.push({ node, edge: e });
    children.set(parent, list);
  }
  const root = trace.nodes[0];
  if (!root) return null;
  const seen = new Set<string>();
  const grow = (node: TraceNode, edge?: Edge): Branch => {
    const key = keyOf(node);
    const again = seen.has(key);
    seen.add(key);
    const kids = again ? [] : (children.get(key) ?? []).map((c) => grow(c.node, c.edge));
    return { node, edge, kids, again: again && (children.get(key)?.length ?? 0) > 0 };
  };
  return grow(root);
}

/**
 * A trace as a tree from its start: forward, each node's children are where its stock went;
 * backward, what it was made of. A node met again on another branch is shown once more
 * without its subtree (the graph is not a tree: a finished batch may draw on several batches).
 */
export function TraceTree({ trace: graph, direction }: { trace: Trace; direction: TraceDirection }) {
  const { t } = useTranslation();
  const root = branches(graph, direction);
  if (!root) return null;
  return (
    <ul role="tree" aria-label={t(`inventory.trace.${direction}`)} style={{ listStyle: 'none', paddingInlineStart: 0, margin: 0 }}>
      <TraceItem branch={root} depth={0} />
    </ul>
  );
}

function TraceItem({ branch, depth }: { branch: Branch; depth: number }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [all, setAll] = useState(false);
  const { node, edge, kids, again } = branch;
  const key = keyOf(node);
  const shown = all ? kids : kids.slice(0, SHOWN);
  const qty = node.quantity;
  return (
    <li role="treeitem" aria-expanded={kids.length > 0 ? true : undefined} data-testid={`trace-${key}`} style={{ marginBlock: 2 }}>
      <Group gap={6} wrap="wrap">
        {edge?.quantity != null && (
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatNumber(edge.quantity, lng)} {unitName(edge.unit, t, edge.quantity)} →
          </Text>
        )}
        <Badge size="xs" variant="light" color={KIND_COLORS[node.kind]} style={{ textTransform: 'none' }}>
          {t(`inventory.trace.kinds.${node.kind}`)}
        </Badge>
        <Anchor component={Link} to={hrefOf(node)} size="sm" fw={500}>
          {node.code}
        </Anchor>
        {node.label && (
          <Text size="sm" c="dimmed">
            {node.label}
          </Text>
        )}
        {node.date && (
          <Text size="xs" c="dimmed">
            {formatCalendarDate(node.date, lng)}
          </Text>
        )}
        {qty != null && node.kind === 'batch' && (
          <Text size="xs" c="dimmed">
            {t('inventory.trace.onHand', { qty: formatQuantity(qty, node.unit, t, lng) })}
          </Text>
        )}
        {qty != null && node.kind === 'entry' && (
          <Text size="xs" c="dimmed">
            {t('inventory.trace.made', { qty: formatQuantity(qty, node.unit, t, lng) })}
          </Text>
        )}
        {again && (
          <Text size="xs" c="dimmed">
            {t('inventory.trace.shownAbove')}
          </Text>
        )}
      </Group>
      {kids.length > 0 && (
        <ul
          role="group"
          style={{ listStyle: 'none', paddingInlineStart: depth < 12 ? 18 : 6, borderInlineStart: '1px solid var(--mantine-color-default-border)', margin: 0 }}
        >
          {shown.map((c) => (
            <TraceItem key={keyOf(c.node)} branch={c} depth={depth + 1} />
          ))}
          {kids.length > shown.length && (
            <li>
              <Button size="compact-xs" variant="subtle" onClick={() => setAll(true)}>
                {t('inventory.trace.showAll', { count: kids.length })}
              </Button>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}
