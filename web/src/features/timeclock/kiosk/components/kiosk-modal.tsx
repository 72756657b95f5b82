import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A kiosk dialog that only its own buttons close (SPEC §2): no Escape, no click
 * outside, no close button, so the next person never inherits an open one. It sits at
 * the top of the screen, clear of the toasts at the bottom right, so that a toast never
 * covers its buttons on a tablet.
 */
export function KioskModal({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Modal
      opened
      onClose={() => undefined}
      closeOnEscape={false}
      closeOnClickOutside={false}
      withCloseButton={false}
      yOffset="2dvh"
      size="md"
      title={title}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
    >
      {children}
    </Modal>
  );
}
