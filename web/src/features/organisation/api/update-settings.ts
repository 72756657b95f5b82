import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf } from '@/lib/api';
import { publicSettingsQuery } from '@/lib/public-settings';
import type { Settings } from './get-settings';
import { settingsKeys } from './keys';

/** The server's limits (internal/organisation): mirrored so the form can say what is wrong before saving. */
export const NAME_MAX = 200;
/** The organisation's address, in characters. */
export const ADDRESS_MAX = 500;
export const MAX_SHIFT_HOURS_MIN = 1;
export const MAX_SHIFT_HOURS_MAX = 48;
/** How old an offline kiosk punch may arrive and still be recorded, in hours. */
export const OFFLINE_WINDOW_MIN = 1;
export const OFFLINE_WINDOW_MAX = 168;
export const MAX_UPLOAD_MIB_MIN = 1;
export const MAX_UPLOAD_MIB_MAX = 1024;
/** How many days a read notification is kept (90 until set); unread ones are kept however old. */
export const NOTIFICATION_RETENTION_MIN = 7;
export const NOTIFICATION_RETENTION_MAX = 3650;
export const NOTIFICATION_RETENTION_DEFAULT = 90;
/** The working day production's grid shows: 0 ≤ start < end ≤ 24. */
export const DAY_HOUR_MIN = 0;
export const DAY_HOUR_MAX = 24;

/** The fields PATCH /api/settings can blame in `{"error", "field"}`. */
export const SETTINGS_FIELDS = ['organisation_name', 'support_email', 'organisation_address', 'time_zone', 'max_shift_hours', 'offline_window_hours', 'day_start_hour', 'day_end_hour', 'max_upload_mib', 'notification_retention_days'] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];

export function isSettingsField(v: unknown): v is SettingsField {
  return typeof v === 'string' && (SETTINGS_FIELDS as readonly string[]).includes(v);
}

/** A PATCH /api/settings body: any subset of the settings. */
export type UpdateSettingsInput = BodyOf<'/api/settings', 'patch'>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Checks a PATCH body as the server will, so the form can say what is wrong before
 * saving: the trimmed body, or the fields in trouble. The name counts characters
 * (code points), as the server does.
 */
export function checkSettings(
  patch: Record<string, unknown>,
  saved?: { day_start_hour: number; day_end_hour: number },
): { ok: true; body: UpdateSettingsInput } | { ok: false; fields: SettingsField[] } {
  const body: UpdateSettingsInput = {};
  const fields: SettingsField[] = [];
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  if ('organisation_name' in patch) {
    const v = text(patch.organisation_name);
    if (v === '' || [...v].length > NAME_MAX) fields.push('organisation_name');
    else body.organisation_name = v;
  }
  if ('support_email' in patch) {
    const v = text(patch.support_email);
    if (!EMAIL.test(v)) fields.push('support_email');
    else body.support_email = v;
  }
  if ('organisation_address' in patch) {
    const v = text(patch.organisation_address);
    if ([...v].length > ADDRESS_MAX) fields.push('organisation_address');
    else body.organisation_address = v;
  }
  if ('time_zone' in patch) {
    const v = typeof patch.time_zone === 'string' ? patch.time_zone : '';
    if (!isTimeZone(v)) fields.push('time_zone');
    else body.time_zone = v;
  }
  if ('max_shift_hours' in patch) {
    const v = patch.max_shift_hours;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < MAX_SHIFT_HOURS_MIN || v > MAX_SHIFT_HOURS_MAX) {
      fields.push('max_shift_hours');
    } else body.max_shift_hours = v;
  }
  if ('offline_window_hours' in patch) {
    const v = patch.offline_window_hours;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < OFFLINE_WINDOW_MIN || v > OFFLINE_WINDOW_MAX) {
      fields.push('offline_window_hours');
    } else body.offline_window_hours = v;
  }
  if ('max_upload_mib' in patch) {
    const v = patch.max_upload_mib;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < MAX_UPLOAD_MIB_MIN || v > MAX_UPLOAD_MIB_MAX) {
      fields.push('max_upload_mib');
    } else body.max_upload_mib = v;
  }
  if ('notification_retention_days' in patch) {
    const v = patch.notification_retention_days;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < NOTIFICATION_RETENTION_MIN || v > NOTIFICATION_RETENTION_MAX) {
      fields.push('notification_retention_days');
    } else body.notification_retention_days = v;
  }
  if ('day_start_hour' in patch || 'day_end_hour' in patch) {
    const start = 'day_start_hour' in patch ? patch.day_start_hour : saved?.day_start_hour;
    const end = 'day_end_hour' in patch ? patch.day_end_hour : saved?.day_end_hour;
    const whole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
    if (!whole(start) || start < DAY_HOUR_MIN || start >= DAY_HOUR_MAX) fields.push('day_start_hour');
    // As the server does: the end is at fault unless only the start changed.
    else if (!whole(end) || end > DAY_HOUR_MAX || end <= start) fields.push('day_end_hour' in patch ? 'day_end_hour' : 'day_start_hour');
    else {
      body.day_start_hour = start;
      body.day_end_hour = end;
    }
  }
  if (typeof patch.currency === 'string') body.currency = patch.currency;
  return fields.length ? { ok: false, fields } : { ok: true, body };
}

/** True for a zone name the platform knows (an IANA name such as America/Chicago). */
export function isTimeZone(v: string): boolean {
  if (!v || v === 'Local') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: v });
    return true;
  } catch {
    return false;
  }
}

/** PATCH /api/settings (admin): any subset; answers the settings as saved. */
export function updateSettings(patch: UpdateSettingsInput): Promise<Settings> {
  return api.patch('/api/settings', { body: patch });
}

/** Saves, then refreshes every reader: this screen, and the public settings (support link, time zone). */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKeys.organisation(), saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.organisation() }),
        queryClient.invalidateQueries({ queryKey: publicSettingsQuery.queryKey }),
      ]);
    },
  });
}
