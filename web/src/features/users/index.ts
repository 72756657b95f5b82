// What other features may use of users: the keys of its queries.
export { userKeys } from './api/keys';
