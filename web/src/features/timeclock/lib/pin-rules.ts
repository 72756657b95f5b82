import type { TFunction } from 'i18next';

/** A PIN is 4 to 8 digits (the server's rule too). */
export const PIN_RE = /^\d{4,8}$/;

/** @mantine/form rules of a PIN entered twice (`pin` and `pin_confirmation`): the second is checked once the first is well formed. */
export function pinRules(t: TFunction) {
  return {
    pin: (v: string) => (PIN_RE.test(v) ? null : t('employees.pinRule')),
    pin_confirmation: (v: string, values: { pin: string }) => (!PIN_RE.test(values.pin) || v === values.pin ? null : t('employees.pinMismatch')),
  };
}
