/**
 * What banks of a currency's country call the two bank codes a payment method holds (its
 * `sort_code` and `account_number` fields): the locale keys of their labels under
 * `payments.methods.fields`. The fields stay the same; only what people read changes.
 */
export function bankFieldLabels(currency: string): { sort_code: string; account_number: string } {
  switch (currency.toUpperCase()) {
    case 'GBP':
      return { sort_code: 'sortCode', account_number: 'accountNumber' };
    case 'USD':
      return { sort_code: 'routingNumber', account_number: 'accountNumber' };
    case 'EUR':
      return { sort_code: 'bic', account_number: 'iban' };
    case 'BRL':
      return { sort_code: 'branchCode', account_number: 'accountNumber' };
    default:
      return { sort_code: 'bankCode', account_number: 'accountNumber' };
  }
}
