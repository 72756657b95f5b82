import '../strings';
import '../components/labels.css';
import { Anchor, Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { usePublicSettings } from '@/lib/public-settings';
import { useDocumentTitle } from '@/lib/use-document-title';
import { unitName } from '@/lib/units';
import { useLabelBatches } from '../api/find-batches';
import type { ItemBatch } from '../api/types';
import { formatDay, formatQty } from '../lib/format';
import { labelUrl } from '../scan/label-url';
import { SegmentedField } from '@/components/segmented-field';

export type LabelLayout = 'a4' | 'roll';

/** The printer's page for each layout: a whole A4 sheet, or one label of the 62 mm roll. */
const PAGE_SIZE: Record<LabelLayout, string> = { a4: 'A4', roll: '62mm 40mm' };
const MAX_COPIES = 20;

/** One label: the QR code of the batch's link, the item, the batch code, expiry and quantity. */
function BatchLabel({ batch: b, origin, preview }: { batch: ItemBatch; origin: string; preview: boolean }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const url = labelUrl(origin, b);
  return (
    <div className="batch-label" data-testid={preview ? 'batch-label' : undefined} data-url={url}>
      <div className="batch-label__qr">
        <QRCodeSVG value={url} size={256} marginSize={1} level="M" bgColor="#ffffff" fgColor="#000000" role="img" aria-label={t('inventory.labels.qr', { code: b.code })} />
      </div>
      <div className="batch-label__text">
        <div className="batch-label__name">{b.item_name}</div>
        <div className="batch-label__small">{b.item_sku}</div>
        <div className="batch-label__code">
          {t('inventory.labels.batch')} {b.code}
        </div>
        <div>{b.expires_at ? t('inventory.labels.expires', { date: formatDay(b.expires_at, lng) }) : t('inventory.labels.noExpiry')}</div>
        <div>
          {formatQty(b.on_hand, lng)} {unitName(b.item_unit, t, b.on_hand)}
        </div>
      </div>
    </div>
  );
}

function LabelSheet({ batches, copies, layout, origin, preview = false }: { batches: ItemBatch[]; copies: number; layout: LabelLayout; origin: string; preview?: boolean }) {
  return (
    <div className={`label-sheet label-sheet--${layout}`} dir="ltr">
      {batches.flatMap((b) => Array.from({ length: copies }, (_, i) => <BatchLabel key={`${b.id}-${i}`} batch={b} origin={origin} preview={preview} />))}
    </div>
  );
}

/**
 * /inventory/batches/:id/labels — labels for a batch, or for every batch of its receipt
 * (?receipt=1), on an A4 sheet or a 62 mm roll (?layout=roll), each with the QR code of its
 * link (scan/label-url.ts). Printing shows the labels alone, at their real size.
 */
export default function LabelsPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const batchId = Number(useParams().id);
  const [sp, setSp] = useSearchParams();
  const receipt = sp.get('receipt') === '1';
  const layout: LabelLayout = sp.get('layout') === 'roll' ? 'roll' : 'a4';
  const copies = Math.min(MAX_COPIES, Math.max(1, Math.floor(Number(sp.get('copies')) || 1)));
  const set = (k: string, v: string | null) =>
    setSp(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (v == null) next.delete(k);
        else next.set(k, v);
        return next;
      },
      { replace: true },
    );
  const q = useLabelBatches(batchId, receipt);
  const settings = usePublicSettings();
  const origin = settings.data?.public_url ?? window.location.origin;
  const batches = q.data ?? [];
  const self = batches.find((b) => b.id === batchId) ?? batches[0];
  useDocumentTitle(self ? t('inventory.labels.documentTitle', { code: self.code }) : t('inventory.labels.title'));

  // Printing shows the print copy alone (labels.css), at the layout's page size.
  useEffect(() => {
    document.documentElement.classList.add('printing-labels');
    return () => document.documentElement.classList.remove('printing-labels');
  }, []);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            {t('inventory.labels.title')}
          </Title>
          <Anchor component={Link} to={paths.app.inventoryBatch.getHref(batchId)} size="sm">
            {t('inventory.labels.back')}
          </Anchor>
        </div>
        <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()} disabled={batches.length === 0}>
          {t('inventory.labels.print')}
        </Button>
      </Group>

      <Group gap="md" align="flex-end" wrap="wrap">
        <SegmentedField
          label={t('inventory.labels.which')}
          value={receipt ? 'receipt' : 'batch'}
          onChange={(v) => set('receipt', v === 'receipt' ? '1' : null)}
          data={[
            { value: 'batch', label: t('inventory.labels.thisBatch') },
            { value: 'receipt', label: t('inventory.labels.receipt') },
          ]}
        />
        <SegmentedField
          label={t('inventory.labels.layout')}
          value={layout}
          onChange={(v) => set('layout', v === 'roll' ? 'roll' : null)}
          data={[
            { value: 'a4', label: t('inventory.labels.a4') },
            { value: 'roll', label: t('inventory.labels.roll') },
          ]}
        />
        <NumberInput
          label={t('inventory.labels.copies')}
          value={copies}
          min={1}
          max={MAX_COPIES}
          allowDecimal={false}
          clampBehavior="strict"
          onChange={(v) => set('copies', typeof v === 'number' && v > 1 ? String(Math.min(MAX_COPIES, v)) : null)}
          w={140}
        />
      </Group>

      {receipt && self && (
        <Text size="sm" c="dimmed">
          {t('inventory.labels.receiptHint', {
            date: formatDay(self.received_at, lng),
            source: self.source || t('inventory.labels.noSource'),
            n: formatQty(batches.length, lng),
          })}
        </Text>
      )}
      {!settings.data?.public_url && settings.isSuccess && (
        <Text size="sm" c="dimmed">
          {t('inventory.labels.publicUrlHint', { origin })}
        </Text>
      )}
      {q.isError ? (
        <Text c="red">{errorMessage(q.error, t)}</Text>
      ) : !q.data ? (
        <Text>{t('common.loading')}</Text>
      ) : (
        <>
          <Text size="sm">{t('inventory.labels.total', { n: formatQty(batches.length * copies, lng) })}</Text>
          <div className="label-preview" data-testid="label-preview" data-layout={layout}>
            <LabelSheet batches={batches} copies={copies} layout={layout} origin={origin} preview />
          </div>
          {createPortal(
            <div className="label-print-root" aria-hidden>
              <style>{`@page { size: ${PAGE_SIZE[layout]}; margin: 0; }`}</style>
              <LabelSheet batches={batches} copies={copies} layout={layout} origin={origin} />
            </div>,
            document.body,
          )}
        </>
      )}
    </Stack>
  );
}
