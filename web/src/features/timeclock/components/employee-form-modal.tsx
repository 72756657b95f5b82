import { PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useCreateEmployee, useUpdateEmployee, type Employee } from '../api/employees';
import { pinRules } from '../lib/pin-rules';
import { FormActions } from '@/components/form-actions';
import { GuardedModal } from '@/components/guarded-modal';

/** Add an employee (names and a PIN entered twice) or edit one's names. */
export function EmployeeFormModal({ employee, onClose }: { employee: Employee | null; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const required = (v: string) => (v.trim() ? null : t('employees.required'));
  const pin = pinRules(t);
  const form = useForm({
    initialValues: { first_name: employee?.first_name ?? '', last_name: employee?.last_name ?? '', pin: '', pin_confirmation: '' },
    validate: {
      first_name: required,
      last_name: required,
      pin: (v) => (employee ? null : pin.pin(v)),
      pin_confirmation: (v, values) => (employee ? null : pin.pin_confirmation(v, values)),
    },
  });

  async function submit(v: typeof form.values) {
    try {
      if (employee) {
        await update.mutateAsync({ id: employee.employee_id, first_name: v.first_name, last_name: v.last_name });
        void notify('success', t('employees.saved'));
      } else {
        const made = await create.mutateAsync(v);
        void notify('success', t('employees.added', { name: `${made.first_name} ${made.last_name}` }));
      }
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.serverMessage) form.setFieldError('form', err.serverMessage);
      else void notify('danger', errorMessage(err, t));
    }
  }

  return (
    <GuardedModal dirty={form.isDirty()} opened onClose={onClose} title={employee ? t('employees.editTitle') : t('employees.addTitle')} centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput label={t('employees.firstName')} {...form.getInputProps('first_name')} required data-autofocus maxLength={100} />
          <TextInput label={t('employees.lastName')} {...form.getInputProps('last_name')} required maxLength={100} />
          {!employee && (
            <>
              <PasswordInput label={t('employees.pin')} description={t('employees.pinRule')} {...form.getInputProps('pin')} required inputMode="numeric" autoComplete="new-password" visibilityToggleButtonProps={{ 'aria-label': t('employees.togglePin') }} />
              <PasswordInput label={t('employees.pinAgain')} {...form.getInputProps('pin_confirmation')} required inputMode="numeric" autoComplete="new-password" visibilityToggleButtonProps={{ 'aria-label': t('employees.togglePin') }} />
            </>
          )}
          {form.errors.form && (
            <div role="alert" style={{ color: 'var(--mantine-color-error)' }}>
              {form.errors.form}
            </div>
          )}
          <FormActions onCancel={onClose} cancelLabel={t('employees.cancel')} submitLabel={employee ? t('employees.save') : t('employees.add')} loading={create.isPending || update.isPending} />
        </Stack>
      </form>
    </GuardedModal>
  );
}
