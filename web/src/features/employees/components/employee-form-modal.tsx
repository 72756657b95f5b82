import { Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useCreateEmployee, useUpdateEmployee, type Employee } from '../api/employees';

const PIN_RE = /^\d{4,8}$/;

/** Add an employee (names and a PIN entered twice) or edit one's names. */
export function EmployeeFormModal({ employee, onClose }: { employee: Employee | null; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const [first, setFirst] = useState(employee?.first_name ?? '');
  const [last, setLast] = useState(employee?.last_name ?? '');
  const [pin, setPin] = useState('');
  const [pin2, setPin2] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!first.trim()) errs.first_name = t('employees.required');
    if (!last.trim()) errs.last_name = t('employees.required');
    if (!employee) {
      if (!PIN_RE.test(pin)) errs.pin = t('employees.pinRule');
      else if (pin !== pin2) errs.pin_confirmation = t('employees.pinMismatch');
    }
    setErrors(errs);
    if (Object.keys(errs).length) return;
    try {
      if (employee) {
        await update.mutateAsync({ id: employee.employee_id, first_name: first, last_name: last });
        void notify('success', t('employees.saved'));
      } else {
        const made = await create.mutateAsync({ first_name: first, last_name: last, pin, pin_confirmation: pin2 });
        void notify('success', t('employees.added', { name: `${made.first_name} ${made.last_name}` }));
      }
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.serverMessage) setErrors({ form: err.serverMessage });
      else void notify('danger', errorMessage(err, t));
    }
  }

  return (
    <Modal opened onClose={onClose} title={employee ? t('employees.editTitle') : t('employees.addTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('employees.firstName')} value={first} onChange={(e) => setFirst(e.currentTarget.value)} error={errors.first_name} required data-autofocus maxLength={100} />
          <TextInput label={t('employees.lastName')} value={last} onChange={(e) => setLast(e.currentTarget.value)} error={errors.last_name} required maxLength={100} />
          {!employee && (
            <>
              <PasswordInput label={t('employees.pin')} description={t('employees.pinRule')} value={pin} onChange={(e) => setPin(e.currentTarget.value)} error={errors.pin} required inputMode="numeric" autoComplete="new-password" visibilityToggleButtonProps={{ 'aria-label': t('employees.togglePin') }} />
              <PasswordInput label={t('employees.pinAgain')} value={pin2} onChange={(e) => setPin2(e.currentTarget.value)} error={errors.pin_confirmation} required inputMode="numeric" autoComplete="new-password" visibilityToggleButtonProps={{ 'aria-label': t('employees.togglePin') }} />
            </>
          )}
          {errors.form && (
            <div role="alert" style={{ color: 'var(--mantine-color-error)' }}>
              {errors.form}
            </div>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('employees.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {employee ? t('employees.save') : t('employees.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
