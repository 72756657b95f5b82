// What other features may use of accounts: the keys of its queries (the users, and the
// signed-in user's own security).
export { preferencesKeys, userKeys } from './api/keys';
