import { ApiError, publicApi } from '@/lib/api';
import { deletePunches, listPunches, putPunch, type QueuedPunch } from './queue';
import { seal, type OfflineKey, type PunchSecret } from './seal';

/**
 * The kiosk's offline punches, loaded lazily: the key, the queue, delivery.
 * When the server cannot be reached the kiosk seals the PIN and the button pressed to the
 * server's key (seal.ts), keeps it with an idempotency key and the tablet's time
 * (queue.ts), and sends what waits, in order, when the network returns.
 */

/** Where the server's offline key is kept (public: it seals, it cannot open). */
export const KEY_STORAGE = 'packline.kiosk.offline-key';

export function storedKey(): OfflineKey | null {
  try {
    const k = JSON.parse(localStorage.getItem(KEY_STORAGE) ?? 'null') as OfflineKey | null;
    return k && k.key_id && k.public_key ? k : null;
  } catch {
    return null;
  }
}

/** Fetches the server's key while online and keeps it (a changed secret changes it). */
export async function refreshKey(signal?: AbortSignal): Promise<void> {
  const k = await publicApi.get('/api/kiosk/key', { signal, cache: 'no-cache' });
  localStorage.setItem(KEY_STORAGE, JSON.stringify(k));
}

let lastSeq = 0;

function idempotencyKey(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Seals and keeps a punch taken now; false when the kiosk never had the server's key
 * (it was never online since it was installed) and so cannot keep it.
 */
export async function savePunch(employeeId: number, pin: string, action: PunchSecret['action'], now = new Date()): Promise<QueuedPunch | null> {
  const key = storedKey();
  if (!key) return null;
  const idem = idempotencyKey();
  const at = now.toISOString();
  const sealed = await seal(key, idem, { employee_id: employeeId, pin, action, at });
  lastSeq = Math.max(lastSeq + 1, now.getTime());
  const p: QueuedPunch = { key: idem, seq: lastSeq, employee_id: employeeId, action, at, sealed };
  await putPunch(p);
  return p;
}

/** The punches waiting, oldest first. */
export const waiting = listPunches;

/** What a delivery did. */
export interface SyncResult {
  recorded: number;
  refused: number;
  /** Still waiting (not sent, or held back by a PIN cool-down). */
  left: number;
  /** Seconds the server asked to wait before the next try, when it held some back. */
  retryAfter?: number;
}

let running: Promise<SyncResult> | null = null;

/**
 * Sends every waiting punch, oldest first, at most 100 a request, and forgets those the
 * server recorded or refused (it keeps each answer under its key, so a punch sent twice
 * after a lost answer is recorded once). A network failure leaves them waiting. One
 * delivery at a time.
 */
export function sync(): Promise<SyncResult> {
  running ??= deliver().finally(() => {
    running = null;
  });
  return running;
}

async function deliver(): Promise<SyncResult> {
  const out: SyncResult = { recorded: 0, refused: 0, left: 0 };
  let list = await listPunches();
  while (list.length > 0) {
    const batch = list.slice(0, 100);
    let results;
    try {
      ({ results } = await publicApi.post('/api/kiosk/offline-punches', { body: { punches: batch.map((p) => p.sealed) }, cache: 'no-store' }));
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'http' && err.status === 400) {
        // Refused whole (malformed): they can never be delivered. Should not happen.
        await deletePunches(batch.map((p) => p.key));
        out.refused += batch.length;
        list = list.slice(batch.length);
        continue;
      }
      out.left = list.length;
      return out;
    }
    const done: string[] = [];
    for (const r of results) {
      if (r.status === 'recorded') out.recorded++;
      if (r.status === 'refused') out.refused++;
      if (r.status === 'retry') out.retryAfter = Math.max(out.retryAfter ?? 0, r.retry_after ?? 60);
      else done.push(r.key);
    }
    await deletePunches(done);
    if (out.retryAfter !== undefined) {
      out.left = list.length - done.length;
      return out;
    }
    list = list.slice(batch.length);
  }
  return out;
}
