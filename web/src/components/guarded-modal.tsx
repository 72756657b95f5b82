import { Button, Modal, type ModalProps } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';

interface Guard {
  /** The form inside says whether it holds changes not saved. */
  report: (dirty: boolean) => void;
  /** Close, asking first when the form holds changes. */
  requestClose: () => void;
}

const GuardContext = createContext<Guard | null>(null);

/**
 * A dialog that holds input: closing it with changes not saved (Escape, a click outside,
 * its close button or the form's Cancel) asks before the input is lost. The form inside
 * says what it holds with useUnsavedChanges (or, rendering the modal itself, with `dirty`),
 * and its Cancel closes through useGuardedCancel (FormActions does).
 */
export function GuardedModal({ onClose, children, dirty: held, ...props }: ModalProps & { dirty?: boolean }) {
  const { t } = useTranslation();
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const report = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);
  // A form that renders its own GuardedModal says what it holds through `dirty`.
  const requestClose = useCallback(() => ((held ?? dirty.current) ? setAsking(true) : onClose()), [held, onClose]);
  const guard = useMemo(() => ({ report, requestClose }), [report, requestClose]);
  return (
    <Modal {...props} onClose={requestClose}>
      <GuardContext.Provider value={guard}>{children}</GuardContext.Provider>
      <ConfirmDialog
        opened={asking}
        title={t('unsaved.title')}
        body={t('unsaved.body')}
        confirmLabel={t('unsaved.discard')}
        cancelLabel={t('unsaved.keep')}
        color="red"
        onConfirm={() => {
          setAsking(false);
          onClose();
        }}
        onClose={() => setAsking(false)}
      />
    </Modal>
  );
}

/** Tells the GuardedModal around this form whether it holds changes not saved. */
export function useUnsavedChanges(dirty: boolean) {
  const guard = useContext(GuardContext);
  useEffect(() => {
    guard?.report(dirty);
  }, [guard, dirty]);
}

/**
 * What a form's Cancel does: inside a GuardedModal, close asking first when there are
 * changes; elsewhere, `close` as it is.
 */
export function useGuardedCancel(close: () => void): () => void {
  const guard = useContext(GuardContext);
  return guard?.requestClose ?? close;
}

/** Whether a value differs from what it was when the form opened (a state-held form's dirtiness). */
export function useChangedSinceOpen(value: unknown): boolean {
  const now = JSON.stringify(value);
  const [opened] = useState(now);
  return now !== opened;
}

/** A Cancel button for a form that renders its own GuardedModal: it asks like Escape does. */
export function GuardedCancelButton({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  const cancel = useGuardedCancel(onCancel);
  return (
    <Button variant="default" onClick={cancel}>
      {children}
    </Button>
  );
}
