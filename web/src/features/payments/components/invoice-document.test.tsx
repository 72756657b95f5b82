import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import type { Schema } from '@/lib/api';
import { renderWithProviders, setupI18n } from '@/test/render';
import '../strings';
import { formatMoney, previewTotals, toMinor } from '../lib/money';
import { InvoiceDocument } from './invoice-document';

const invoice: Schema<'Invoice'> = {
  id: 7, number: 'INV-2026-0007', status: 'sent', client_id: 2, project_id: 4, project_name: 'Spring meals',
  bill_to: { name: 'Harbor Grocers Foundation', email: 'giving@harbor.example', address: '1 Wacker Drive', city: 'Chicago', country: 'United States' },
  currency: 'USD', language: 'gb', tax_rate_bp: 825, notes: 'Thank you!',
  lines: [{ description: 'Meals packed', quantity: 1.5, unit_price_minor: 99, amount_minor: 149 }],
  subtotal_minor: 149, tax_minor: 12, total_minor: 161, paid_minor: 100, balance_minor: 61, due_days: 30,
  issue_date: '2026-03-02', due_date: '2026-04-01', payments: [], created_at: '2026-03-01T10:00:00Z', updated_at: '2026-03-02T10:00:00Z',
  sent_at: '2026-03-02T10:00:00Z', paid_at: null, voided_at: null, void_reason: '', reissue_of: null, overdue: false,
  has_link: true, public_path: null, mailed_at: '2026-03-02T10:00:00Z', link_opened_at: null, mail: null,
};
const method: Schema<'PaymentMethod'> = {
  id: 1, kind: 'bank_transfer', label: 'Operating account', bank_name: 'Lakeshore Community Bank', account_name: 'Packline Volunteers Inc.',
  sort_code: '07-10-00', account_number: '4402118793', notes: '', payment_url: '', primary: true, archived: false,
  created_at: '2026-01-01T10:00:00Z', updated_at: '2026-01-01T10:00:00Z',
};

describe('InvoiceDocument', () => {
  it('shows the number, billing address, lines, exact totals and the primary method’s bank details', async () => {
    await setupI18n('gb');
    renderWithProviders(<InvoiceDocument invoice={invoice} method={method} orgName="Packline" supportEmail="s@p.org" t={i18n.t} lng="en-GB" />);
    const doc = await screen.findByTestId('invoice-document');
    expect(within(doc).getByText('INV-2026-0007')).toBeInTheDocument();
    expect(within(doc).getByText('Harbor Grocers Foundation')).toBeInTheDocument();
    expect(within(doc).getByText('US$1.61')).toBeInTheDocument();
    expect(within(doc).getByText('Tax (8.25%)')).toBeInTheDocument();
    expect(within(doc).getByText('Lakeshore Community Bank')).toBeInTheDocument();
    // A US dollar account's bank code is a routing number, not a sort code.
    expect(within(doc).getByText('Routing number (ABA):')).toBeInTheDocument();
    expect(within(doc).queryByText('Sort code:')).not.toBeInTheDocument();
    expect(within(doc).getByText('Please quote INV-2026-0007 with your payment.')).toBeInTheDocument();
    expect(within(doc).queryByTestId('invoice-paid')).not.toBeInTheDocument();
  });

  it('says PAID on a paid invoice and no longer asks for payment', async () => {
    await setupI18n('gb');
    renderWithProviders(
      <InvoiceDocument invoice={{ ...invoice, status: 'paid', paid_minor: 161, balance_minor: 0, paid_at: '2026-03-10T10:00:00Z' }} method={method}
        orgName="Packline" supportEmail="s@p.org" t={i18n.t} lng="en-GB" />,
    );
    const doc = await screen.findByTestId('invoice-document');
    expect(within(doc).getByTestId('invoice-paid')).toHaveTextContent('PAID');
    expect(within(doc).queryByText('Lakeshore Community Bank')).not.toBeInTheDocument();
    expect(within(doc).queryByText('Please quote INV-2026-0007 with your payment.')).not.toBeInTheDocument();
  });

  it('names the bank codes as the currency’s banks do: a sort code in pounds, BIC and IBAN in euros', async () => {
    await setupI18n('gb');
    const { unmount } = renderWithProviders(<InvoiceDocument invoice={{ ...invoice, currency: 'GBP' }} method={method} orgName="Packline" supportEmail="s@p.org" t={i18n.t} lng="en-GB" />);
    expect(await screen.findByText('Sort code:')).toBeInTheDocument();
    unmount();
    renderWithProviders(<InvoiceDocument invoice={{ ...invoice, currency: 'EUR' }} method={method} orgName="Packline" supportEmail="s@p.org" t={i18n.t} lng="en-GB" />);
    expect(await screen.findByText('BIC / SWIFT:')).toBeInTheDocument();
    expect(screen.getByText('IBAN:')).toBeInTheDocument();
  });

  it('is laid out right to left in Persian', async () => {
    await setupI18n('ir');
    renderWithProviders(<InvoiceDocument invoice={{ ...invoice, language: 'ir' }} method={method} orgName="Packline" supportEmail="s@p.org" t={i18n.t} lng="fa-IR" />);
    const doc = await screen.findByTestId('invoice-document');
    expect(doc).toHaveAttribute('dir', 'rtl');
    expect(within(doc).getByText('صورتحساب برای')).toBeInTheDocument();
    await setupI18n('gb');
  });
});

describe('money', () => {
  it('formats minor units in the currency’s digits and reads typed amounts exactly', () => {
    expect(formatMoney(123456, 'USD', 'gb')).toBe('US$1,234.56');
    expect(formatMoney(500, 'JPY', 'gb')).toBe('JP¥500');
    expect(toMinor('12.34', 'USD')).toBe(1234);
    expect(toMinor(0.1, 'USD')).toBe(10);
    expect(toMinor('1.005', 'USD')).toBeNull();
    expect(toMinor('12', 'JPY')).toBe(12);
  });

  it('previews the server’s rounding: half up per line, tax half up once', () => {
    expect(previewTotals([{ quantity: 1.5, unit_price_minor: 99 }, { quantity: 1.5, unit_price_minor: 99 }], 2000)).toEqual({ subtotal: 298, tax: 60, total: 358 });
    expect(previewTotals([{ quantity: 1, unit_price_minor: 10 }, { quantity: 1, unit_price_minor: 10 }, { quantity: 1, unit_price_minor: 10 }], 500)).toEqual({
      subtotal: 30,
      tax: 2,
      total: 32,
    });
  });
});
