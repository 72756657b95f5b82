import { describe, expect, it } from 'vitest';
import { paths } from './paths';
import { mainMenuFor } from './navigation';

describe('mainMenuFor', () => {
  it('gives admins the Payments group with billing, payment methods, pricing plans and clients', () => {
    const payments = mainMenuFor('admin').find((i) => i.to === paths.app.payments.root.path);
    expect(payments?.children?.map((c) => c.to)).toEqual([
      paths.app.payments.billing.path,
      paths.app.payments.paymentMethods.path,
      paths.app.payments.pricingPlans.path,
      paths.app.payments.clients.path,
    ]);
  });

  it('leaves Payments out for staff and keeps the rest', () => {
    const staff = mainMenuFor('staff');
    expect(staff.some((i) => i.to === paths.app.payments.root.path)).toBe(false);
    expect(staff.map((i) => i.to)).toContain(paths.app.inventory.path);
    expect(mainMenuFor('admin').length).toBe(staff.length + 1);
  });
});
