// What other features may use of payments: the dashboard's outstanding-invoices card
// (load it lazily: import('@/features/payments')).
export { OutstandingCard } from './components/outstanding-card';
export { invoiceKeys, methodKeys, planKeys } from './api/keys';
