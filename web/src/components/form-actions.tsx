import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGuardedCancel } from './guarded-modal';

interface FormActionsProps {
  onCancel: () => void;
  /** Cancel's label, already translated; "Cancel" (common.cancel) when absent. */
  cancelLabel?: string;
  submitLabel: string;
  loading?: boolean;
  disabled?: boolean;
  /** The submit button's colour: 'red' for destructive actions. */
  color?: string;
}

/**
 * A form's closing row: Cancel, then its submit button, at the end of the line. In a
 * GuardedModal, Cancel asks before changes not saved are lost.
 */
export function FormActions({ onCancel, cancelLabel, submitLabel, loading, disabled, color }: FormActionsProps) {
  const { t } = useTranslation();
  const cancel = useGuardedCancel(onCancel);
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={cancel}>
        {cancelLabel ?? t('common.cancel')}
      </Button>
      <Button type="submit" color={color} loading={loading} disabled={disabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}
