import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useSetPin, type Employee } from '../api/employees';

/** Set or reset a PIN: entered twice, never shown again. */
export function PinFormModal({ employee, onClose }: { employee: Employee; onClose: () => void }) {
  const { t } = useTranslation();
  const setPinMutation = useSetPin();
  const [pin, setPin] = useState('');
  const [pin2, setPin2] = useState('');
  const [errors, setErrors] = useState<{ pin?: string; pin2?: string }>({});
  const name = `${employee.first_name} ${employee.last_name}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^\d{4,8}$/.test(pin)) return setErrors({ pin: t('employees.pinRule') });
    if (pin !== pin2) return setErrors({ pin2: t('employees.pinMismatch') });
    setErrors({});
    try {
      await setPinMutation.mutateAsync({ id: employee.employee_id, pin, pin_confirmation: pin2 });
      void notify('success', t('employees.pinSaved', { name }));
      onClose();
    } catch (err) {
      void notify('danger', errorMessage(err, t));
    }
  }

  return (
    <Modal opened onClose={onClose} title={t('employees.pinTitle', { name })} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('employees.pinNeverShown')}
          </Text>
          <PasswordInput label={t('employees.newPin')} description={t('employees.pinRule')} value={pin} onChange={(e) => setPin(e.currentTarget.value)} error={errors.pin} inputMode="numeric" autoComplete="new-password" data-autofocus visibilityToggleButtonProps={{ 'aria-label': t('employees.togglePin') }} />
          <PasswordInput label={t('employees.pinAgain')} value={pin2} onChange={(e) => setPin2(e.currentTarget.value)} error={errors.pin2} inputMode="numeric" autoComplete="new-password" visibilityToggleButtonProps={{ 'aria-label': t('employees.togglePin') }} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('employees.cancel')}
            </Button>
            <Button type="submit" loading={setPinMutation.isPending}>
              {t('employees.savePin')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
