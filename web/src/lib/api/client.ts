import { clearToken, readToken } from '../auth/token-storage';
import type { components } from './schema';

/** The API lives under this prefix on the same origin (SPEC §7). */
export const API_PREFIX = '/api';

/** The body of every error answer: {error, code, params, field?} (the server's `Error`). */
export type ApiErrorBody = components['schemas']['Error'];

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
 * `body` is the server's parsed JSON answer when it sent one — an error's
 * {error, code, params, field?}, plus anything else it carried (a rejected
 * import's `preview`).
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly body: (ApiErrorBody & Record<string, unknown>) | undefined;
  /** Seconds from a Retry-After header (429, 503), if any. */
  readonly retryAfter: number | undefined;

  constructor(
    message: string,
    kind: ApiErrorKind,
    status = 0,
    body?: ApiErrorBody & Record<string, unknown>,
    retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }

  /** The server's English sentence (`error`), if it sent one. */
  get serverMessage(): string | undefined {
    return this.body?.error?.trim() ? this.body.error : undefined;
  }

  /** The stable key of the error (`code`), for a translated message. */
  get code(): string | undefined {
    return this.body?.code || undefined;
  }

  /** The values the message names. */
  get params(): Record<string, unknown> {
    return this.body?.params ?? {};
  }

  /** The input the server blamed, if any. */
  get field(): string | undefined {
    return this.body?.field || undefined;
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
  /** The fetch cache mode (the kiosk revalidates its list and never caches a punch). */
  cache?: RequestCache;
}

/** `/user` → `/api/user`; a path already under `/api/` is not prefixed twice. */
export function apiUrl(path: string): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  if (p === API_PREFIX || p.startsWith(`${API_PREFIX}/`)) return p;
  return `${API_PREFIX}${p}`;
}

/** Parses an error answer's JSON body; undefined when it is not an {error: …} object. */
export function parseErrorBody(text: string): (ApiErrorBody & Record<string, unknown>) | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { error?: unknown }).error === 'string') {
      const b = parsed as ApiErrorBody & Record<string, unknown>;
      return { ...b, code: typeof b.code === 'string' ? b.code : '', params: b.params && typeof b.params === 'object' ? b.params : {} };
    }
  } catch {
    // not JSON
  }
  return undefined;
}

function retryAfterOf(res: Response): number | undefined {
  const ra = Number(res.headers.get('Retry-After'));
  return Number.isFinite(ra) && ra > 0 ? ra : undefined;
}

/** The one fetch of the app: every API call, signed in or public, goes through here. */
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
      cache: options.cache,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(`Network error: ${(err as Error)?.message ?? String(err)}`, 'network');
  }
}

/** A public request whose answer, ok or not, the caller reads itself (sign-in's 'Login failed: {body}'). */
export function publicResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  return send(path, options, null);
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
 * Sends an authenticated request (SPEC §7) and returns the ok response:
 * - no token: logs out, throws 'No authentication token available'
 * - 401, or 403 saying 'Invalid or expired token': logs out, throws
 * - other 403: throws, the session is kept (a missing permission)
 * - other non-ok: throws 'HTTP error {status}: {text}'
 */
async function authorized(path: string, options: RequestOptions): Promise<Response> {
  const token = readToken();
  if (!token) {
    onUnauthorized();
    throw new ApiError(NO_TOKEN_MESSAGE, 'no_token', 0, { error: NO_TOKEN_MESSAGE, code: 'auth.no_token', params: {} });
  }
  const res = await send(path, options, token);
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    const body = parseErrorBody(text);
    if (res.status === 401 || (res.status === 403 && body?.error === INVALID_TOKEN_MESSAGE)) {
      onUnauthorized();
      throw new ApiError(body?.error || INVALID_TOKEN_MESSAGE, 'unauthorized', res.status, body);
    }
    const kind: ApiErrorKind = res.status === 403 ? 'forbidden' : 'http';
    throw new ApiError(`HTTP error ${res.status}: ${text}`, kind, res.status, body, retryAfterOf(res));
  }
  return res;
}

/** An authenticated JSON call (see `authorized`); a non-JSON answer throws. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return parseJson<T>(await authorized(path, options));
}

/**
 * A call that needs no session (login, the public settings, the kiosk).
 * Non-ok answers throw 'HTTP error {status}: {text}' without touching the session.
 */
export async function publicRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await send(path, options, null);
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(`HTTP error ${res.status}: ${text}`, 'http', res.status, parseErrorBody(text), retryAfterOf(res));
  }
  return parseJson<T>(res);
}

/**
 * Downloads a file answer of an authenticated GET (a CSV export) and hands it to the
 * browser under the name the server gives; errors and 401 behave as for `apiRequest`.
 */
export async function downloadFile(path: string, fallbackName = 'export.csv'): Promise<void> {
  const res = await authorized(path, { method: 'GET' });
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename\*?="?(?:UTF-8'')?([^";]+)"?/i.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = decodeURIComponent(name);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
