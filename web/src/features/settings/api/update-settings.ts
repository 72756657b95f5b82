import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import { publicSettingsQuery } from '@/lib/public-settings';
import { settingsQueryKey, settingsSchema, type Settings } from './get-settings';

/** The server's limits (internal/organisation): mirrored so the form can say what is wrong before saving. */
export const NAME_MAX = 200;
export const MAX_SHIFT_HOURS_MIN = 1;
export const MAX_SHIFT_HOURS_MAX = 48;

/** The fields PATCH /api/settings can blame in `{"error", "field"}`. */
export const SETTINGS_FIELDS = ['organisation_name', 'support_email', 'time_zone', 'max_shift_hours'] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];

export function isSettingsField(v: unknown): v is SettingsField {
  return typeof v === 'string' && (SETTINGS_FIELDS as readonly string[]).includes(v);
}

/**
 * A valid PATCH body. Each message is a translation key under `settings.errors`.
 * The name counts characters (code points), as the server does.
 */
export const updateSettingsSchema = z.object({
  organisation_name: z.optional(
    z.string().check(
      z.trim(),
      z.minLength(1, { error: 'name' }),
      z.refine((v) => [...v].length <= NAME_MAX, { error: 'name' }),
    ),
  ),
  support_email: z.optional(z.string().check(z.trim(), z.email({ error: 'email' }))),
  time_zone: z.optional(z.string().check(z.refine(isTimeZone, { error: 'timeZone' }))),
  max_shift_hours: z.optional(
    z.number({ error: 'maxShiftHours' }).check(
      z.refine((v) => Number.isInteger(v), { error: 'maxShiftHours' }),
      z.gte(MAX_SHIFT_HOURS_MIN, { error: 'maxShiftHours' }),
      z.lte(MAX_SHIFT_HOURS_MAX, { error: 'maxShiftHours' }),
    ),
  ),
});

export type UpdateSettingsInput = z.infer<typeof updateSettingsSchema>;

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
export async function updateSettings(patch: UpdateSettingsInput): Promise<Settings> {
  return settingsSchema.parse(await api.patch<unknown>('/settings', patch));
}

/** Saves, then refreshes every reader: this screen, and the public settings (support link, time zone). */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsQueryKey, saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: publicSettingsQuery.queryKey }),
      ]);
    },
  });
}
