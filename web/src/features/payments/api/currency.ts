import { useSettings } from '@/features/organisation';

/** The organisation's currency, from the organisation feature's query (the settings screen's cache). */
export function useOrgCurrency(): string {
  return useSettings().data?.currency || 'USD';
}
