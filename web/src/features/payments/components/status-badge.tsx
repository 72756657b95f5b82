import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { InvoiceStatus } from '../api/invoices';

const COLOR: Record<InvoiceStatus, string> = { draft: 'gray', sent: 'blue', paid: 'teal', void: 'red' };

/** An invoice's status as a coloured badge in t's language. */
export function StatusBadge({ status, t }: { status: InvoiceStatus; t: TFunction }) {
  return (
    <Badge color={COLOR[status]} variant="light">
      {t(`payments.statuses.${status}`)}
    </Badge>
  );
}
