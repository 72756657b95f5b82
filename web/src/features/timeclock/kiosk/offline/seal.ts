/**
 * Seals an offline punch to the server's public key (GET /api/kiosk/key), as
 * internal/timeclock/offline_key.go opens it: an ephemeral ECDH P-256 key pair per
 * punch, HKDF-SHA256 (salt: the ephemeral public key, info OFFLINE_INFO) to an AES-256-GCM
 * key, the idempotency key as additional data. Only the server's private key opens it;
 * the PIN exists on the tablet only inside the ciphertext.
 */
export const OFFLINE_ALGORITHM = 'ECDH-P256+HKDF-SHA256+A256GCM';
const OFFLINE_INFO = 'packline offline punch v1';

/** The server's key as the kiosk keeps it. */
export interface OfflineKey {
  key_id: string;
  algorithm: string;
  public_key: string;
}

/** One sealed punch, as POST /api/kiosk/offline-punches takes it. */
export interface SealedPunch {
  key: string;
  key_id: string;
  ephemeral_key: string;
  iv: string;
  ciphertext: string;
}

export interface PunchSecret {
  employee_id: number;
  pin: string;
  action: 'clockin' | 'clockout';
  /** The tablet's time of the punch, RFC 3339. */
  at: string;
}

const enc = new TextEncoder();

export function toB64(bytes: ArrayBuffer | Uint8Array): string {
  const b = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let s = '';
  for (const c of b) s += String.fromCharCode(c);
  return btoa(s).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function fromB64(s: string): Uint8Array<ArrayBuffer> {
  const bin = atob(s.replaceAll('-', '+').replaceAll('_', '/'));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Seals secret under the idempotency key idem to the server's key. */
export async function seal(key: OfflineKey, idem: string, secret: PunchSecret): Promise<SealedPunch> {
  const subtle = crypto.subtle;
  const server = await subtle.importKey('raw', fromB64(key.public_key), { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const eph = (await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits'])) as CryptoKeyPair;
  const ephRaw = new Uint8Array(await subtle.exportKey('raw', eph.publicKey));
  const shared = await subtle.deriveBits({ name: 'ECDH', public: server }, eph.privateKey, 256);
  const hkdf = await subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  const aes = await subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: ephRaw, info: enc.encode(OFFLINE_INFO) },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt'],
  );
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await subtle.encrypt({ name: 'AES-GCM', iv, additionalData: enc.encode(idem) }, aes, enc.encode(JSON.stringify(secret)));
  return { key: idem, key_id: key.key_id, ephemeral_key: toB64(ephRaw), iv: toB64(iv), ciphertext: toB64(ct) };
}
