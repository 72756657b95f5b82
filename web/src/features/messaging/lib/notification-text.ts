import { IconAlertOctagon, IconClockCancel, IconClockExclamation, IconFileZip, IconLock, IconMessage, IconMessages, IconPackageOff, IconReceipt } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { DEFAULT_TIME_ZONE, formatDateTime, intlLocale, numberFormat } from '@/lib/format';
import { formatQuantity } from '@/lib/units';
import type { AppNotification, NotificationKind } from '../api/notifications';

const KIND_KEY: Record<NotificationKind, string> = {
  message: 'notifications.kinds.message',
  zip_upload: 'notifications.kinds.zipUpload',
  topic: 'notifications.kinds.topic',
  pin_guessing: 'notifications.kinds.pinGuessing',
  low_stock: 'notifications.kinds.lowStock',
  forgotten_clockout: 'notifications.kinds.forgottenClockout',
  invoice_paid: 'notifications.kinds.invoicePaid',
  recall_started: 'notifications.kinds.recallStarted',
  offline_punch_refused: 'notifications.kinds.offlinePunchRefused',
};

export const KIND_ICON = {
  message: IconMessage,
  zip_upload: IconFileZip,
  topic: IconMessages,
  pin_guessing: IconLock,
  low_stock: IconPackageOff,
  forgotten_clockout: IconClockExclamation,
  invoice_paid: IconReceipt,
  recall_started: IconAlertOctagon,
  offline_punch_refused: IconClockCancel,
} as const;

/** An amount in a currency, in the reader's language ("100.00" "GBP" → "£100.00"); as given if not a number. */
function formatMoney(total: string | undefined, currency: string | undefined, lng: string): string {
  const n = Number(total);
  if (!total || !Number.isFinite(n)) return total ?? '';
  try {
    return numberFormat(intlLocale(lng), currency ? { style: 'currency', currency } : undefined).format(n);
  } catch {
    return `${total} ${currency ?? ''}`.trim();
  }
}

/** A quantity ("4.5") with the locale's digits, and its unit where one is given; as given if not a number. */
function quantity(q: string | undefined, unit: string | undefined, t: TFunction, lng: string): string {
  const n = Number(q);
  if (!q || !Number.isFinite(n)) return q ?? '';
  return unit ? formatQuantity(n, unit, t, lng) : numberFormat(intlLocale(lng), { maximumFractionDigits: 3 }).format(n);
}

/** Why an offline punch was refused (its error code), in the reader's language. */
const REFUSALS = ['pin.incorrect', 'offline.too_old', 'offline.future', 'offline.before_last', 'punch.already_in', 'punch.already_out', 'employee.not_found', 'offline.unreadable'];

function refusal(code: string | undefined, t: TFunction): string {
  if (!code) return '';
  return REFUSALS.includes(code) ? t(`notifications.offlineRefusal.${code.replace('.', '_')}`) : code;
}

/** The sentence of a notification in the reader's language, with its params; times in timeZone (the organisation's). */
export function notificationText(n: AppNotification, t: TFunction, lng: string, timeZone = DEFAULT_TIME_ZONE): string {
  const p = n.params;
  if (n.kind === 'offline_punch_refused') {
    return t(KIND_KEY[n.kind], {
      name: p.name || t('notifications.offlineRefusal.someone'),
      action: p.action === 'clockout' ? t('notifications.offlineRefusal.clockout') : t('notifications.offlineRefusal.clockin'),
      at: p.at ? formatDateTime(p.at, lng, timeZone) : '',
      why: refusal(p.reason, t),
    });
  }
  return t(KIND_KEY[n.kind], {
    name: p.name,
    type: p.type ?? '',
    sku: p.sku ?? '',
    onHand: quantity(p.on_hand, p.unit, t, lng),
    reorderLevel: quantity(p.reorder_level, undefined, t, lng),
    hours: p.hours ?? '',
    invoice: p.invoice ?? '',
    client: p.client ?? '',
    total: formatMoney(p.total, p.currency, lng),
    recall: p.recall ?? '',
    batch: p.batch ?? '',
    reason: p.reason ?? '',
    batches: p.batches ?? '',
    actor: n.actor?.name ?? '',
  });
}
