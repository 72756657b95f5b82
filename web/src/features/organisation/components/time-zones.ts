import { formatZoned } from '@/lib/format';

/** One option of the time zone picker: the IANA name, and a label with its current UTC offset. */
export interface TimeZoneOption {
  value: string;
  label: string;
}

let cache: TimeZoneOption[] | null = null;

/**
 * Browsers list some zones under their old CLDR names; people search for the current IANA
 * ones, which every browser and the server (Go's tzdata) also accept.
 */
const RENAMED: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'America/Godthab': 'America/Nuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Enderbury': 'Pacific/Kanton',
};

function offsetOf(zone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    return '';
  }
}

function optionFor(zone: string, at: Date): TimeZoneOption {
  const offset = offsetOf(zone, at);
  const name = zone.replaceAll('_', ' ');
  return { value: zone, label: offset ? `${name} (${offset})` : name };
}

/**
 * Every zone the browser knows (`Intl.supportedValuesOf('timeZone')`), plus `current` when the
 * server holds one the list lacks (such as UTC), so the picker always shows what is saved.
 */
export function timeZoneOptions(current?: string | null): TimeZoneOption[] {
  if (!cache) {
    const now = new Date();
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    const names = [...new Set(zones.map((z) => RENAMED[z] ?? z))].sort();
    cache = names.map((z) => optionFor(z, now));
  }
  if (current && !cache.some((o) => o.value === current)) {
    return [optionFor(current, new Date()), ...cache];
  }
  return cache;
}

/** '10:42 am CDT' style: the time now in `zone`, for the app language; '' for an unknown zone. */
export function timeNowIn(zone: string | null | undefined, lng: string): string {
  if (!zone) return '';
  try {
    return formatZoned(new Date(), lng, { hour: 'numeric', minute: '2-digit', timeZone: zone, timeZoneName: 'short' });
  } catch {
    return '';
  }
}
