import { apiUrl } from '@/lib/api-client';

/** The request never got an answer (offline, server down). */
export class KioskNetworkError extends Error {
  constructor(cause: unknown) {
    super(`Network error: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'KioskNetworkError';
  }
}

/** An answer of the public kiosk API, whatever its status. */
export interface KioskAnswer {
  status: number;
  ok: boolean;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
  /** Seconds from a Retry-After header (429), if any. */
  retryAfter: number | undefined;
}

/**
 * One call to the public kiosk API (no token). Unlike the app's client it hands back
 * every status with its body, because the kiosk shows the server's own messages.
 */
export async function kioskFetch(path: string, body?: unknown, signal?: AbortSignal): Promise<KioskAnswer> {
  let res: Response;
  try {
    res = await fetch(apiUrl(path), {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
      // The list revalidates with its ETag; PIN checks and punches are never cached.
      cache: body === undefined ? 'no-cache' : 'no-store',
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new KioskNetworkError(err);
  }
  let parsed: unknown;
  try {
    parsed = await res.json();
  } catch {
    parsed = undefined;
  }
  const ra = Number(res.headers.get('Retry-After'));
  return { status: res.status, ok: res.ok, body: parsed, retryAfter: Number.isFinite(ra) && ra > 0 ? ra : undefined };
}

/** The `error` text of an error body, if it has one. */
export function serverError(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'error' in body) {
    const e = (body as { error: unknown }).error;
    if (typeof e === 'string' && e.trim()) return e;
  }
  return undefined;
}
