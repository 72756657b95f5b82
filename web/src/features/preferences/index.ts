// What other features may use of the preferences: the keys of the user's security queries.
export { preferencesKeys } from './api/keys';
