import { Anchor, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { Move } from '../api/types';
import { formatDay } from '../lib/format';

type Owner = NonNullable<Move['owner']>;

/** Where an owner is shown: a shipment in the shipping log, a production entry on its day's report. */
function ownerHref(o: Owner): string {
  if (o.kind === 'shipment') return paths.app.shippingLog.getHref(o.number);
  return paths.app.production.daily.getHref(o.date, o.line_id);
}

/**
 * The record a move belongs to (a shipment, a production entry), as a link in place
 * of Undo: such a move is undone only through its owner (cancel the shipment,
 * reverse the entry), never on its own.
 */
export function MoveOwner({ owner }: { owner: Owner }) {
  const { t, i18n } = useTranslation();
  const shipment = owner.kind === 'shipment';
  const label = shipment
    ? t('inventory.history.owner.shipment', { number: owner.number ?? owner.id })
    : t('inventory.history.owner.productionEntry', { date: owner.date ? formatDay(owner.date, i18n.language) : owner.id });
  return (
    <Tooltip label={shipment ? t('inventory.history.owner.shipmentHint') : t('inventory.history.owner.productionEntryHint')}>
      <Anchor component={Link} to={ownerHref(owner)} size="xs" data-testid="move-owner">
        {label}
      </Anchor>
    </Tooltip>
  );
}
