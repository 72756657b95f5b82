import { api, ApiError, parseErrorBody, publicResponse, type ResponseOf, type Schema } from '../api';

/** The user as GET /api/user returns it (SPEC §7 plus Packline's extra fields). */
export type ServerUser = Schema<'User'>;

export type LoginResponse = ResponseOf<'/api/login', 'post'>;

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
}

/**
 * POST /api/login. A failure throws 'Login failed: {body}' (SPEC §7) as an ApiError
 * whose `status` and parsed `body` let the form show a translated reason.
 */
export async function loginRequest(input: LoginInput): Promise<LoginResponse> {
  let res: Response;
  try {
    res = await publicResponse('/api/login', { method: 'POST', body: input });
  } catch (err) {
    if (err instanceof ApiError) throw new ApiError(`Login failed: ${err.message}`, err.kind);
    throw err;
  }
  const body = await res.text();
  if (!res.ok) {
    throw new ApiError(`Login failed: ${body}`, 'http', res.status, parseErrorBody(body));
  }
  try {
    const data = JSON.parse(body) as LoginResponse;
    if (!data.token) throw new TypeError('no token');
    return data;
  } catch {
    throw new ApiError(`Login failed: ${body}`, 'invalid_json', res.status);
  }
}

/** GET /api/user with the stored token: the token re-check of SPEC §4. */
export async function getUser(signal?: AbortSignal): Promise<ServerUser> {
  const data = await api.get('/api/user', { signal });
  if (data.success !== true) {
    throw new ApiError('HTTP error 200: user lookup was not successful', 'http', 200);
  }
  return data.user;
}

/** POST /api/logout: revokes the token on the server. */
export function logoutRequest(): Promise<{ success: true }> {
  return api.post('/api/logout');
}
