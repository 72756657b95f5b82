import { setUnauthorizedHandler } from '../api';
import { getUser, login2FARequest, loginRequest, logoutRequest, type LoginInput, type ServerUser, type SignedInResponse } from './api';
import { clearToken, readToken, writeToken } from './token-storage';

/** The signed-in user, as the app keeps it (SPEC §3 "User session"). */
export interface SessionUser {
  id: number | null;
  firstName: string;
  lastName: string;
  /** first and last name joined */
  userName: string;
  email: string;
  role: string;
  /** RFC 3339 creation time; memberSince is derived from it per locale */
  createdAt: string | null;
  is2FAEnabled: boolean;
}

export type SessionStatus = 'checking' | 'authenticated' | 'anonymous';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  token: string | null;
}

/** Why the session ended; the router decides where to go from it. */
export type SignOutReason = 'logout' | 'unauthorized' | 'check_failed';

type Listener = () => void;
type SignOutListener = (reason: SignOutReason) => void;
type SignInListener = (user: SessionUser) => void;

function toSessionUser(u: ServerUser): SessionUser {
  const firstName = u.first_name.trim();
  const lastName = u.last_name.trim();
  return {
    id: u.id ?? null,
    firstName,
    lastName,
    userName: [firstName, lastName].filter(Boolean).join(' '),
    email: u.email,
    role: u.role ?? 'staff',
    createdAt: u.created_at ?? null,
    is2FAEnabled: u.is_2fa_enabled ?? false,
  };
}

let state: SessionState = { status: 'checking', user: null, token: null };
const listeners = new Set<Listener>();
const signOutListeners = new Set<SignOutListener>();
const signInListeners = new Set<SignInListener>();
let readyPromise: Promise<void> | null = null;

// Leaving the page aborts its requests: a token check cut short that way is no verdict
// on the token (the next page checks again), so it must not sign the user out.
let leaving = false;
if (typeof window !== 'undefined') window.addEventListener('beforeunload', () => (leaving = true));
const LEAVE_GRACE_MS = 3000;

function setState(next: SessionState) {
  state = next;
  listeners.forEach((l) => l());
}

function signedOut(reason: SignOutReason) {
  const wasSignedIn = state.status !== 'anonymous';
  clearToken();
  setState({ status: 'anonymous', user: null, token: null });
  if (wasSignedIn || reason === 'logout') signOutListeners.forEach((l) => l(reason));
}

function signedIn(user: ServerUser, token: string) {
  const sessionUser = toSessionUser(user);
  setState({ status: 'authenticated', user: sessionUser, token });
  signInListeners.forEach((l) => l(sessionUser));
}

// The API client ends the session on a missing or rejected token.
setUnauthorizedHandler(() => {
  if (state.status === 'authenticated') signedOut('unauthorized');
  else clearToken();
});

/** Finishes a sign-in that issued a token: stores it, loads the user, signs in. */
async function complete(res: SignedInResponse, remember: boolean): Promise<SessionUser> {
  writeToken(res.token, remember);
  let user: ServerUser = res.user;
  try {
    user = await getUser();
  } catch {
    // The login answer already names the user; the extra fields can wait for a reload.
  }
  // getUser may have ended the session on a rejected token; only sign in with a token.
  if (!readToken()) throw new Error('No authentication token available');
  signedIn(user, res.token);
  readyPromise = Promise.resolve();
  return state.user as SessionUser;
}

export const session = {
  getState: (): SessionState => state,

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Called after the session ends (logout, rejected token, failed re-check). */
  onSignOut(listener: SignOutListener): () => void {
    signOutListeners.add(listener);
    return () => signOutListeners.delete(listener);
  },

  /** Called whenever a user becomes signed in (login or token re-check). */
  onSignIn(listener: SignInListener): () => void {
    signInListeners.add(listener);
    return () => signInListeners.delete(listener);
  },

  /**
   * Resolves once the session is known. At start a stored token is re-checked with
   * GET /api/user (SPEC §4); a failure clears both storages and ends the session.
   */
  ready(): Promise<void> {
    if (!readyPromise) {
      readyPromise = (async () => {
        const token = readToken();
        if (!token) {
          setState({ status: 'anonymous', user: null, token: null });
          return;
        }
        try {
          const user = await getUser();
          signedIn(user, token);
        } catch {
          // Still here after the grace time: the navigation did not happen, the check failed.
          if (leaving) await new Promise((resolve) => setTimeout(resolve, LEAVE_GRACE_MS));
          signedOut('check_failed');
        }
      })();
    }
    return readyPromise;
  },

  /**
   * Signs in: POST /api/login, stores the token as `remember` says, loads the user. For an
   * account with two-factor sign-in on it throws TwoFactorRequired (lib/auth/api) with the
   * challenge for loginTwoFactor.
   */
  async login(input: LoginInput): Promise<SessionUser> {
    return complete(await loginRequest(input), input.remember);
  },

  /** The second step of a two-factor sign-in: POST /api/login/2fa, then as login. */
  async loginTwoFactor(input: { challenge: string; code: string; remember: boolean }): Promise<SessionUser> {
    return complete(await login2FARequest({ challenge: input.challenge, code: input.code }), input.remember);
  },

  /** Logs out: revokes the token on the server, clears user fields and both storages. */
  async logout(): Promise<void> {
    if (readToken()) {
      try {
        await logoutRequest();
      } catch {
        // The server may already consider the token gone; the local session ends anyway.
      }
    }
    signedOut('logout');
  },

  /** Applies a local change after a successful server update (name, 2FA). */
  updateUser(patch: Partial<Pick<SessionUser, 'firstName' | 'lastName' | 'is2FAEnabled' | 'email'>>): void {
    if (!state.user) return;
    const user = { ...state.user, ...patch };
    user.userName = [user.firstName, user.lastName].filter(Boolean).join(' ');
    setState({ ...state, user });
  },
};

/** Test helper: forget everything so each test starts from a fresh page load. */
export function resetSessionForTests(): void {
  state = { status: 'checking', user: null, token: null };
  readyPromise = null;
  listeners.clear();
  signOutListeners.clear();
  signInListeners.clear();
}
