// What other areas use of the organisation: its settings as signed-in staff read them.
export { useSettings, type Settings } from './api/get-settings';
export { settingsQueryOptions } from './api/get-settings';
export { settingsKeys } from './api/keys';
