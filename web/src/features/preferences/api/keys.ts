/** Query keys of the signed-in user's own security: two-factor state and sessions. */
export const preferencesKeys = {
  twoFactor: () => ['user', '2fa'] as const,
  sessions: () => ['user', 'sessions'] as const,
};
