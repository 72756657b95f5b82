import { PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useSetPin, type Employee } from '../api/employees';
import { pinRules } from '../lib/pin-rules';
import { FormActions } from '@/components/form-actions';
import { GuardedModal } from '@/components/guarded-modal';

/** Set or reset a PIN: entered twice, never shown again. */
export function PinFormModal({ employee, onClose }: { employee: Employee; onClose: () => void }) {
  const { t } = useTranslation();
  const setPinMutation = useSetPin();
  const form = useForm({ initialValues: { pin: '', pin_confirmation: '' }, validate: pinRules(t) });
  const name = `${employee.first_name} ${employee.last_name}`;

  async function submit(v: typeof form.values) {
    try {
      await setPinMutation.mutateAsync({ id: employee.employee_id, ...v });
      void notify('success', t('employees.pinSaved', { name }));
      onClose();
    } catch (err) {
      void notify('danger', errorMessage(err, t));
    }
  }

  return (
    <GuardedModal dirty={form.isDirty()} opened onClose={onClose} title={t('employees.pinTitle', { name })} centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('employees.pinNeverShown')}
          </Text>
          <PasswordInput label={t('employees.newPin')} description={t('employees.pinRule')} {...form.getInputProps('pin')} inputMode="numeric" autoComplete="new-password" data-autofocus visibilityToggleButtonProps={{ 'aria-label': t('employees.togglePin') }} />
          <PasswordInput label={t('employees.pinAgain')} {...form.getInputProps('pin_confirmation')} inputMode="numeric" autoComplete="new-password" visibilityToggleButtonProps={{ 'aria-label': t('employees.togglePin') }} />
          <FormActions onCancel={onClose} cancelLabel={t('employees.cancel')} submitLabel={t('employees.savePin')} loading={setPinMutation.isPending} />
        </Stack>
      </form>
    </GuardedModal>
  );
}
