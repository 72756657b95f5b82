import { Button, type ButtonProps } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findBatches } from '../api/find-batches';
import type { ItemBatch } from '../api/types';
import type { LabelRef } from './label-url';
import './strings';

// The modal, its camera code and the decoder load when the button is first pressed.
const ScanModal = /* @__PURE__ */ lazy(() => import('./scan-modal'));

export interface ScanButtonProps extends Omit<ButtonProps, 'children' | 'onClick'> {
  /**
   * Pick the batch a label names: null when done, else why not (see ScanModal). `find`
   * looks it up (GET /api/inventory/batches: by code, of the label's item when it names one).
   */
  onRead: (ref: LabelRef, find: () => Promise<ItemBatch[]>) => Promise<string | null> | string | null;
  /** The modal's title: what the scan is for. */
  title?: string;
}

/** "Scan": opens the camera to read a batch label, and hands its batch to onRead. */
export function ScanButton({ onRead, title, ...props }: ScanButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconScan size={16} aria-hidden />} {...props} onClick={() => setOpen(true)}>
        {t('inventory.scan.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ScanModal
            title={title}
            onClose={() => setOpen(false)}
            onRead={async (ref) => {
              const why = await onRead(ref, () => findBatches(ref.code, ref.sku));
              if (why == null) setOpen(false);
              return why;
            }}
          />
        </Suspense>
      )}
    </>
  );
}
