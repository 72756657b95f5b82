import { api, ApiError, parseErrorBody, publicResponse, type ResponseOf, type Schema } from '../api';

/** The user as GET /api/user returns it (SPEC §7 plus Packline's extra fields). */
export type ServerUser = Schema<'User'>;

export type SignedInResponse = Schema<'SignedIn'>;
export type LoginResponse = SignedInResponse;

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
}

/**
 * What POST /api/login answers for an account with two-factor sign-in on: the password
 * was right, and the challenge goes with a code to POST /api/login/2fa.
 */
export class TwoFactorRequired extends Error {
  constructor(readonly challenge: string) {
    super('Two-factor code required');
    this.name = 'TwoFactorRequired';
  }
}

/**
 * A public sign-in call answering {token, user, …}. A failure throws 'Login failed: {body}'
 * (SPEC §7) as an ApiError whose `status` and parsed `body` let the form show a translated
 * reason; a two-factor challenge throws TwoFactorRequired.
 */
async function signInRequest(path: '/api/login' | '/api/login/2fa', input: object): Promise<SignedInResponse> {
  let res: Response;
  try {
    res = await publicResponse(path, { method: 'POST', body: input });
  } catch (err) {
    if (err instanceof ApiError) throw new ApiError(`Login failed: ${err.message}`, err.kind);
    throw err;
  }
  const body = await res.text();
  if (!res.ok) {
    throw new ApiError(`Login failed: ${body}`, 'http', res.status, parseErrorBody(body));
  }
  let data: ResponseOf<'/api/login', 'post'>;
  try {
    data = JSON.parse(body) as ResponseOf<'/api/login', 'post'>;
  } catch {
    throw new ApiError(`Login failed: ${body}`, 'invalid_json', res.status);
  }
  if ('two_factor_required' in data && data.two_factor_required && typeof data.challenge === 'string') {
    throw new TwoFactorRequired(data.challenge);
  }
  if (!('token' in data) || !data.token) throw new ApiError(`Login failed: ${body}`, 'invalid_json', res.status);
  return data;
}

/** POST /api/login. */
export function loginRequest(input: LoginInput): Promise<SignedInResponse> {
  return signInRequest('/api/login', input);
}

/** POST /api/login/2fa: the second step, with the challenge and a TOTP or recovery code. */
export function login2FARequest(input: { challenge: string; code: string }): Promise<SignedInResponse> {
  return signInRequest('/api/login/2fa', input);
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
