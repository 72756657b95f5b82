// What other features may use of partners.
import './strings';
export { useSavePartner } from './api/partners';
export type { Partner } from './api/partners';
export { partnerKeys } from './api/keys';
export { PartnerAutocomplete } from './components/partner-autocomplete';
export { PartnerFilter } from './components/partner-filter';
