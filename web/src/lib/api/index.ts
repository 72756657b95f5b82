// The API client: one fetch (client.ts) with a typed face (typed.ts) whose types are
// generated from the server's OpenAPI document (schema.d.ts). Free of React and
// the office app, so the kiosk's light entry can use it.
export {
  API_PREFIX,
  ApiError,
  INVALID_TOKEN_MESSAGE,
  NO_TOKEN_MESSAGE,
  apiRequest,
  apiUrl,
  downloadFile,
  parseErrorBody,
  publicRequest,
  publicResponse,
  setUnauthorizedHandler,
  type ApiErrorBody,
  type ApiErrorKind,
  type RequestOptions,
} from './client';
export {
  api,
  buildPath,
  downloadCSV,
  publicApi,
  toSearchParams,
  type BodyOf,
  type CallOptions,
  type PathsWith,
  type ResponseOf,
  type Schema,
} from './typed';
export { enumValues } from './enums';
