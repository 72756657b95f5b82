/** Query keys of the organisation's settings (the public ones are src/lib/public-settings.ts's). */
export const settingsKeys = {
  organisation: () => ['settings', 'organisation'] as const,
};
