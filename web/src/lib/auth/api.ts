import { api, ApiError, apiUrl, extractServerMessage } from '../api-client';

// Hand-written checks rather than zod here: this code is on every page's first
// download (the session check), so it stays small (see also lib/validate.ts).

/** The user as GET /api/user returns it (SPEC §7 plus Packline's extra fields). */
export interface ServerUser {
  id?: number;
  first_name: string;
  last_name: string;
  email: string;
  role?: string;
  created_at?: string | null;
  is_2fa_enabled?: boolean;
}

export interface LoginResponse {
  user: { first_name: string; last_name: string; email: string };
  token: string;
}

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Narrows an unknown value to a server user, or throws. */
export function parseServerUser(v: unknown): ServerUser {
  if (!isObject(v) || typeof v.first_name !== 'string' || typeof v.last_name !== 'string' || typeof v.email !== 'string') {
    throw new TypeError('Malformed user');
  }
  return {
    id: typeof v.id === 'number' ? v.id : undefined,
    first_name: v.first_name,
    last_name: v.last_name,
    email: v.email,
    role: typeof v.role === 'string' ? v.role : undefined,
    created_at: typeof v.created_at === 'string' ? v.created_at : null,
    is_2fa_enabled: typeof v.is_2fa_enabled === 'boolean' ? v.is_2fa_enabled : undefined,
  };
}

/**
 * POST /api/login. A failure throws 'Login failed: {body}' (SPEC §7) as an ApiError
 * whose `status` and `serverMessage` let the form show a translated reason.
 */
export async function loginRequest(input: LoginInput): Promise<LoginResponse> {
  let res: Response;
  try {
    res = await fetch(apiUrl('/login'), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
      credentials: 'same-origin',
    });
  } catch (err) {
    throw new ApiError(`Login failed: ${(err as Error)?.message ?? String(err)}`, 'network');
  }
  const body = await res.text();
  if (!res.ok) {
    throw new ApiError(`Login failed: ${body}`, 'http', res.status, extractServerMessage(body));
  }
  try {
    const data: unknown = JSON.parse(body);
    if (!isObject(data) || typeof data.token !== 'string' || !data.token) throw new TypeError('no token');
    const user = parseServerUser(data.user);
    return { token: data.token, user: { first_name: user.first_name, last_name: user.last_name, email: user.email } };
  } catch {
    throw new ApiError(`Login failed: ${body}`, 'invalid_json', res.status);
  }
}

/** GET /api/user with the stored token: the token re-check of SPEC §4. */
export async function getUser(signal?: AbortSignal): Promise<ServerUser> {
  const data = await api.get<unknown>('/user', signal);
  if (!isObject(data) || data.success !== true) {
    throw new ApiError('HTTP error 200: user lookup was not successful', 'http', 200);
  }
  try {
    return parseServerUser(data.user);
  } catch {
    throw new ApiError('The server sent a malformed user', 'invalid_json', 200);
  }
}

/** POST /api/logout: revokes the token on the server. */
export function logoutRequest(): Promise<{ success: boolean }> {
  return api.post<{ success: boolean }>('/logout');
}
