import type { SealedPunch } from './seal';

/**
 * The punches waiting on this tablet (IndexedDB `packline-kiosk`, store `punches`), in the
 * order they were taken. Each holds its sealed envelope, which only the server can open,
 * and what the kiosk shows about it (who, which button, when): nothing readable about a PIN.
 */
export interface QueuedPunch {
  /** The idempotency key; also the record's key. */
  key: string;
  /** Order of taking (ms since the epoch, made unique). */
  seq: number;
  employee_id: number;
  action: 'clockin' | 'clockout';
  at: string;
  sealed: SealedPunch;
}

const DB = 'packline-kiosk';
const STORE = 'punches';

let opened: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'key' }).createIndex('seq', 'seq');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opened = null;
      reject(req.error ?? new Error('IndexedDB unavailable'));
    };
  });
  return opened;
}

function run<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  return open().then(
    (db) =>
      new Promise((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const req = fn(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(req ? req.result : undefined);
        tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      }),
  );
}

/** Adds a punch; resolves once it is durably stored. */
export const putPunch = (p: QueuedPunch) => run('readwrite', (s) => s.put(p)).then(() => undefined);

/** Every waiting punch, oldest first. */
export const listPunches = () => run('readonly', (s) => s.index('seq').getAll() as IDBRequest<QueuedPunch[]>).then((l) => l ?? []);

/** Forgets the punches the server answered for good. */
export function deletePunches(keys: string[]): Promise<void> {
  if (keys.length === 0) return Promise.resolve();
  return run('readwrite', (s) => {
    for (const k of keys) s.delete(k);
  }).then(() => undefined);
}
