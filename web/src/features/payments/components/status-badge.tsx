import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { InvoiceStatus } from '../api/invoices';

const COLOR: Record<InvoiceStatus, string> = { draft: 'gray', sent: 'blue', paid: 'teal', void: 'red' };

/**
 * An invoice's status as a coloured badge in t's language; a sent invoice past its due date
 * (`overdue`, derived by the server) shows as Overdue in orange.
 */
export function StatusBadge({ status, overdue, t }: { status: InvoiceStatus; overdue?: boolean; t: TFunction }) {
  if (status === 'sent' && overdue) {
    return (
      <Badge color="orange" variant="filled" data-testid="overdue">
        {t('payments.statuses.overdue')}
      </Badge>
    );
  }
  return (
    <Badge color={COLOR[status]} variant="light">
      {t(`payments.statuses.${status}`)}
    </Badge>
  );
}
