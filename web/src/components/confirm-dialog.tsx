import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  /** Translated title naming what will happen. */
  title: string;
  /** Translated explanation of the consequence. */
  body: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** 'red' for destructive actions. */
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that changes or hides data; Cancel, Escape and the overlay close it. */
export function ConfirmDialog({ opened, title, body, confirmLabel, cancelLabel, color, loading, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {typeof body === 'string' ? <Text size="sm">{body}</Text> : body}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {cancelLabel}
        </Button>
        <Button color={color} loading={loading} onClick={onConfirm} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
