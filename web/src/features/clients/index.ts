// What other features may use of clients.
import './strings';
export { useClientOptions } from './api/clients';
export type { Client, ClientOption } from './api/clients';
export { clientKeys } from './api/keys';
