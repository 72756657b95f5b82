/**
 * Where the session token lives (SPEC §4): with "keep me logged in" in
 * localStorage (survives the browser), otherwise in sessionStorage (this tab only).
 */
export const TOKEN_KEY = 'packline.token';

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    // Storage can throw (privacy mode, quota); the app then behaves as signed out.
    return fallback;
  }
}

/** The stored token, preferring the persistent one; null when neither storage has one. */
export function readToken(): string | null {
  return safe(() => localStorage.getItem(TOKEN_KEY) ?? sessionStorage.getItem(TOKEN_KEY), null);
}

/** Stores the token in exactly one storage, chosen by `remember`. */
export function writeToken(token: string, remember: boolean): void {
  safe(() => {
    clearToken();
    (remember ? localStorage : sessionStorage).setItem(TOKEN_KEY, token);
  }, undefined);
}

/** Removes the token from both local and session storage. */
export function clearToken(): void {
  safe(() => {
    localStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(TOKEN_KEY);
  }, undefined);
}
