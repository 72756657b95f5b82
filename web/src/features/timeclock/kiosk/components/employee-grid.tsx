import { Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { KioskEmployee } from '../api/get-employees';
import classes from '../kiosk.module.css';

interface EmployeeGridProps {
  /** null while loading */
  employees: KioskEmployee[] | null;
  onPick: (employee: KioskEmployee) => void;
}

/** The employees to pick from, first and last name (SPEC §2): plain buttons, like the letter bar's. */
export function EmployeeGrid({ employees, onPick }: EmployeeGridProps) {
  const { t } = useTranslation();
  if (employees === null) {
    return (
      <Center mih={240} role="status" aria-live="polite" aria-label={t('kiosk.loading')}>
        <Loader size="lg" />
      </Center>
    );
  }
  if (employees.length === 0) {
    return (
      <Text ta="center" size="xl" c="dimmed" py="xl" role="status">
        {t('kiosk.noEmployees')}
      </Text>
    );
  }
  return (
    <ul className={classes.employees} aria-label={t('kiosk.employeesLabel')}>
      {employees.map((e) => (
        <li key={e.employee_id}>
          <button type="button" className={`${classes.tile} ${classes.employee}`} onClick={() => onPick(e)}>
            {e.first_name} {e.last_name}
          </button>
        </li>
      ))}
    </ul>
  );
}
