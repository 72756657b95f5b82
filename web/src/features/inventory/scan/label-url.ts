/**
 * The link a batch label's QR code holds, GS1 Digital Link style:
 *
 *   {public-url}/b/{item SKU}/10/{batch code}/17/{YYMMDD expiry}
 *
 * As in GS1 Digital Link, the product comes first and the lot (AI 10) and the expiry date
 * (AI 17, YYMMDD) follow as path parts; `/b/` stands where GS1 puts a GTIN (AI 01), which
 * Packline's items have no need of. The SKU is there because batch codes are unique per
 * item only: SKU and code name one batch. `/17/…` is left out for a batch without expiry.
 * Each part is percent-encoded (a `/` in a code is `%2F`). Opening the link shows the batch
 * (after a sign-in); a scanner in the app reads it without opening it (parseLabel).
 */

/** What a label (or a typed or scanned code) names. */
export interface LabelRef {
  /** The item's SKU, absent for a bare code. */
  sku?: string;
  code: string;
  /** The expiry date the label printed (YYYY-MM-DD), if any. */
  expires?: string;
}

/** The longest batch code (inventory.MaxCode). */
const MAX_CODE = 64;

/** 2027-01-31 → 270131 (GS1 AI 17). */
export function gs1Date(date: string): string {
  return `${date.slice(2, 4)}${date.slice(5, 7)}${date.slice(8, 10)}`;
}

/** 270131 → 2027-01-31; undefined for anything else (a day 00 is GS1's "end of month"). */
export function fromGs1Date(s: string): string | undefined {
  const m = /^(\d\d)(\d\d)(\d\d)$/.exec(s);
  if (!m) return undefined;
  const [, yy, mm, dd] = m;
  const month = Number(mm);
  if (month < 1 || month > 12) return undefined;
  const year = 2000 + Number(yy);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = dd === '00' ? last : Number(dd);
  if (day > last) return undefined;
  return `${year}-${mm}-${String(day).padStart(2, '0')}`;
}

/** The label link of a batch; origin is the server's public address (no trailing slash needed). */
export function labelUrl(origin: string, b: { item_sku: string; code: string; expires_at?: string | null }): string {
  const base = origin.replace(/\/+$/, '');
  const exp = b.expires_at ? `/17/${gs1Date(b.expires_at)}` : '';
  return `${base}/b/${encodeURIComponent(b.item_sku)}/10/${encodeURIComponent(b.code)}${exp}`;
}

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** A label link's path (from `/b/` on, still percent-encoded) as a LabelRef, or null. */
export function parseLabelPath(pathname: string): LabelRef | null {
  const at = pathname.indexOf('/b/');
  if (at < 0) return null;
  const parts = pathname.slice(at + 3).replace(/\/+$/, '').split('/');
  if (parts.length !== 3 && parts.length !== 5) return null;
  if (parts[1] !== '10' || (parts.length === 5 && parts[3] !== '17')) return null;
  const sku = decode(parts[0]);
  const code = decode(parts[2]);
  if (!sku || !code || code.length > MAX_CODE) return null;
  const ref: LabelRef = { sku, code };
  if (parts.length === 5) {
    const expires = fromGs1Date(parts[4]);
    if (!expires) return null;
    ref.expires = expires;
  }
  return ref;
}

/**
 * What a scanner read: one of our label links (from any host: a label printed under
 * another address still names its batch), another GS1 Digital Link whose lot (`/10/`)
 * is taken as a bare code, or a bare batch code (a supplier's barcode, a typed code).
 * Null for anything else (another link, text too long for a code, several lines).
 */
export function parseLabel(text: string): LabelRef | null {
  const s = text.trim();
  if (!s) return null;
  if (/^https?:\/\//i.test(s)) {
    let url: URL;
    try {
      url = new URL(s);
    } catch {
      return null;
    }
    const ours = parseLabelPath(url.pathname);
    if (ours) return ours;
    const lot = /\/10\/([^/]+)/.exec(url.pathname);
    const code = lot ? decode(lot[1]) : null;
    return code && code.length <= MAX_CODE ? { code } : null;
  }
  if (s.length > MAX_CODE || [...s].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return null;
  return { code: s };
}
