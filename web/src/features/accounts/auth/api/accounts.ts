import { publicApi, type ResponseOf } from '@/lib/api';

export type SignupState = ResponseOf<'/api/signup', 'get'>;

/** GET /api/signup: whether the form may show, and the invited address for `invitation`. */
export function getSignupState(invitation: string | null, signal?: AbortSignal): Promise<SignupState> {
  return publicApi.get('/api/signup', { query: invitation ? { invitation } : {}, signal });
}

export interface SignupInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  invitation?: string;
}

/** POST /api/signup → 201 {token, user}: the new account, signed in. */
export function signupRequest(body: SignupInput) {
  return publicApi.post('/api/signup', { body });
}

/** POST /api/password/recover → 202 whether or not the address has an account. */
export function recoverRequest(email: string) {
  return publicApi.post('/api/password/recover', { body: { email } });
}

/** POST /api/password/reset with a mailed link's token. */
export function resetRequest(token: string, password: string) {
  return publicApi.post('/api/password/reset', { body: { token, password } });
}
