/** Query keys of the invoices. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (p: object) => [...invoiceKeys.all, 'list', p] as const,
  one: (id: number) => [...invoiceKeys.all, 'one', id] as const,
  print: (id: number) => [...invoiceKeys.all, 'print', id] as const,
  summary: () => [...invoiceKeys.all, 'summary'] as const,
};

/** Query keys of the payment methods. */
export const methodKeys = {
  all: ['payment-methods'] as const,
  list: (archived: boolean) => [...methodKeys.all, { archived }] as const,
};

/** Query keys of the pricing plans. */
export const planKeys = {
  all: ['pricing-plans'] as const,
  list: (archived: boolean) => [...planKeys.all, { archived }] as const,
};
