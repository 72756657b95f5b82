import i18next, { type TFunction } from 'i18next';
import { LANGUAGE_INFO, languageOf } from '@/i18n/languages';
import { ApiError, type ApiErrorBody } from './api';
import { numberFormat, dateTimeFormat } from './format';

/** Params that name things (codes, SKUs, fields) and keep their characters as sent. */
const VERBATIM = /(^|_)(code|sku|batch|field|name|email|pin|unit|kind|reason|zone|value)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const NUMBER = /^-?\d+(\.\d+)?$/;
/** Params that are quantities of the error's `unit`: written with it ('30 pouches'), the locale files name no unit beside them. */
const QUANTITY = /^(on_hand|wanted|picked)$/;

/**
 * How a quantity with its unit is written (lib/units.ts's formatQuantity, which registers
 * itself when loaded: every screen that handles stock loads it; the kiosk, which never meets
 * a unit, stays without its tables of units).
 */
let quantityWithUnit: ((value: number, unit: string, t: TFunction, lng: string) => string) | undefined;
export function setQuantityFormatter(f: typeof quantityWithUnit): void {
  quantityWithUnit = f;
}
/** Params that are ids: the locale's digits, no thousands separators. */
const ID = /(^|_)id$|^(by|move|line|entry)$/;

/** The Intl locale of an app key or i18next's tag (ir or fa-IR → Persian with Persian digits). */
function intlTag(lng: string | undefined): string {
  return LANGUAGE_INFO[languageOf(lng)].intl;
}

/**
 * An error's params worded for the language: numbers with the locale's digits and
 * separators, days and times in its calendar style; names stay as they are.
 */
export function formatErrorParams(params: Record<string, unknown> | undefined, lng?: string): Record<string, string> {
  const tag = intlTag(lng ?? i18next.resolvedLanguage ?? i18next.language);
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(params ?? {})) {
    const number = numberFormat(tag, { maximumFractionDigits: 3, useGrouping: !ID.test(key) });
    const unit = params?.unit;
    if (quantityWithUnit && QUANTITY.test(key) && typeof unit === 'string' && unit && (typeof v === 'number' || (typeof v === 'string' && NUMBER.test(v)))) {
      out[key] = quantityWithUnit(Number(v), unit, i18next.t, tag);
    } else if (typeof v === 'number') {
      out[key] = number.format(v);
    } else if (typeof v === 'string' && !VERBATIM.test(key) && NUMBER.test(v)) {
      out[key] = number.format(Number(v));
    } else if (typeof v === 'string' && DATE.test(v)) {
      out[key] = dateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${v}T00:00:00Z`));
    } else if (typeof v === 'string' && TIME.test(v) && !Number.isNaN(Date.parse(v))) {
      out[key] = dateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(v));
    } else {
      out[key] = typeof v === 'string' ? v : JSON.stringify(v);
    }
  }
  return out;
}

/**
 * The translation key of an error code: `errors.<area>.<reason>` for a specific code
 * (`stock.insufficient`), `errors.kind.<kind>` for a generic one (`not_found`).
 */
export function errorKey(code: string | undefined): string | undefined {
  if (!code) return undefined;
  return code.includes('.') ? `errors.${code}` : `errors.kind.${code}`;
}

/**
 * The message of a server error body in the user's language: the code's message with
 * its params when the app knows the code, else the server's English `error`.
 */
export function serverErrorMessage(body: Partial<ApiErrorBody> | undefined, t: TFunction): string | undefined {
  if (!body) return undefined;
  const key = errorKey(body.code);
  if (key && i18next.exists(key)) {
    // A code whose params name a `kind` may be worded per kind (`errors.move.owned_shipment`).
    const kind = body.params?.kind;
    const perKind = typeof kind === 'string' ? `${key}_${kind}` : undefined;
    const use = perKind && i18next.exists(perKind) ? perKind : key;
    return t(use, { ...formatErrorParams(body.params), interpolation: { escapeValue: false } });
  }
  return body.error?.trim() ? body.error : undefined;
}

/**
 * A user-facing, translated message for any failure: the session and network cases
 * by kind, a server error by its code (in the user's language, with its values), and
 * otherwise the server's own message, else a generic one.
 */
export function errorMessage(err: unknown, t: TFunction): string {
  const message = messageOf(err, t);
  // A server fault names its request, for the person to quote to whoever runs the server.
  const id = err instanceof ApiError && err.status >= 500 ? err.body?.request_id : undefined;
  return id ? `${message} ${t('errors.reference', { id })}` : message;
}

function messageOf(err: unknown, t: TFunction): string {
  if (err instanceof ApiError) {
    switch (err.kind) {
      case 'network':
        return t('errors.network');
      case 'no_token':
        return t('errors.noToken');
      case 'unauthorized':
        return t('errors.invalidToken');
      case 'invalid_json':
        return t('errors.invalidResponse');
      default:
        break;
    }
    const key = errorKey(err.code);
    const known = key !== undefined && i18next.exists(key);
    if (known) return serverErrorMessage(err.body, t) ?? t('errors.generic');
    if (err.kind === 'forbidden') return t('errors.forbidden');
    if (err.status === 429) return t('errors.tooManyAttempts');
    if (err.status === 413) return t('errors.tooLarge');
    if (err.status === 404) return t('errors.itemsNotFound');
    return err.serverMessage ?? t('errors.generic');
  }
  return t('errors.generic');
}
