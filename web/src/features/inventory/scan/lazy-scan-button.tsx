import { lazy, Suspense } from 'react';
import type { ScanButtonProps } from './scan-button';

const Inner = /* @__PURE__ */ lazy(() => import('./scan-button').then((m) => ({ default: m.ScanButton })));

/**
 * The "Scan" button as other features get it (index.ts): its code loads with the first
 * screen that shows it, never with a chunk that only shares the inventory's index (the
 * dashboard's stock warnings).
 */
export function ScanButton(props: ScanButtonProps) {
  return (
    <Suspense fallback={null}>
      <Inner {...props} />
    </Suspense>
  );
}
