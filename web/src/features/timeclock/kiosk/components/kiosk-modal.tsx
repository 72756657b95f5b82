import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A kiosk dialog that only its own buttons close (SPEC §2): no Escape, no click
 * outside, no close button, so the next person never inherits an open one.
 */
export function KioskModal({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Modal
      opened
      onClose={() => undefined}
      closeOnEscape={false}
      closeOnClickOutside={false}
      withCloseButton={false}
      centered
      size="md"
      title={title}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
    >
      {children}
    </Modal>
  );
}
