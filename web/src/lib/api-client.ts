import { clearToken, readToken } from './auth/token-storage';

/** The API lives under this prefix on the same origin (SPEC §7). */
export const API_PREFIX = '/api';

/** Why a call failed, so the UI can pick a translated message. */
export type ApiErrorKind =
  | 'no_token' // no stored token: the session was ended
  | 'unauthorized' // 401, or a 403 saying the token is bad: the session was ended
  | 'forbidden' // 403 for a missing permission: the session is kept
  | 'http' // any other non-ok answer
  | 'invalid_json' // an ok answer that is not JSON
  | 'network'; // the request never got an answer

/**
 * An API failure. `message` follows SPEC §7 ('HTTP error {status}: {text}', …);
 * `serverMessage` holds the server's `{"error": "…"}` text when it sent one, and
 * `field` the input it blamed (`{"error": "…", "field": "support_email"}` on a 400).
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly field: string | undefined;

  constructor(message: string, kind: ApiErrorKind, status = 0, serverMessage?: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.serverMessage = serverMessage;
    this.field = field;
  }
}

export const NO_TOKEN_MESSAGE = 'No authentication token available';
export const INVALID_TOKEN_MESSAGE = 'Invalid or expired token';

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => clearToken();

/**
 * Registers what "log out" means for the client (the session store does this at start):
 * called when there is no token, on 401, and on a 403 that says the token is invalid.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** `/user` → `/api/user`; a path already under `/api/` is not prefixed twice. */
export function apiUrl(path: string): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  if (p === API_PREFIX || p.startsWith(`${API_PREFIX}/`)) return p;
  return `${API_PREFIX}${p}`;
}

/** Pulls `field` out of a JSON error body; undefined when there is none. */
export function extractServerField(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'field' in parsed) {
      const f = (parsed as { field: unknown }).field;
      if (typeof f === 'string' && f) return f;
    }
  } catch {
    // not JSON
  }
  return undefined;
}

/** Pulls `error` out of a JSON error body; undefined when the body is not such JSON. */
export function extractServerMessage(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'error' in parsed) {
      const e = (parsed as { error: unknown }).error;
      if (typeof e === 'string' && e.trim()) return e;
    }
  } catch {
    // not JSON
  }
  return undefined;
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(apiUrl(path), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(`Network error: ${(err as Error)?.message ?? String(err)}`, 'network');
  }
}

async function parseJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) {
    throw new ApiError(`Expected a JSON response, got '${type || 'no content type'}'`, 'invalid_json', res.status);
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError('The server sent malformed JSON', 'invalid_json', res.status);
  }
}

/**
 * An authenticated call (SPEC §7): adds the Bearer token and JSON content type.
 * - no token: logs out, throws 'No authentication token available'
 * - 401, or 403 saying 'Invalid or expired token': logs out, throws
 * - other 403: throws, the session is kept (a missing permission)
 * - other non-ok: throws 'HTTP error {status}: {text}'
 * - a non-JSON answer: throws
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = readToken();
  if (!token) {
    onUnauthorized();
    throw new ApiError(NO_TOKEN_MESSAGE, 'no_token', 0, NO_TOKEN_MESSAGE);
  }
  const res = await send(path, options, token);
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    const serverMessage = extractServerMessage(text);
    if (res.status === 401 || (res.status === 403 && serverMessage === INVALID_TOKEN_MESSAGE)) {
      onUnauthorized();
      throw new ApiError(serverMessage ?? INVALID_TOKEN_MESSAGE, 'unauthorized', res.status, serverMessage);
    }
    const kind: ApiErrorKind = res.status === 403 ? 'forbidden' : 'http';
    throw new ApiError(`HTTP error ${res.status}: ${text}`, kind, res.status, serverMessage, extractServerField(text));
  }
  return parseJson<T>(res);
}

/**
 * A call that needs no session (login, the public settings, the kiosk).
 * Non-ok answers throw 'HTTP error {status}: {text}' without touching the session.
 */
export async function publicRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await send(path, options, null);
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(`HTTP error ${res.status}: ${text}`, 'http', res.status, extractServerMessage(text), extractServerField(text));
  }
  return parseJson<T>(res);
}

/** Shorthands for the authenticated client. */
export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { method: 'GET', signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};
