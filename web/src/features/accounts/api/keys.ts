/** Query keys of the users; every one starts with `all`, so a change refreshes them all. */
export const userKeys = {
  all: ['users'] as const,
  list: (params: object) => [...userKeys.all, 'list', params] as const,
  mail: () => [...userKeys.all, 'mail'] as const,
  invitations: () => [...userKeys.all, 'invitations'] as const,
};

/** Query keys of the signed-in user's own security: two-factor state and sessions. */
export const preferencesKeys = {
  twoFactor: () => ['user', '2fa'] as const,
  sessions: () => ['user', 'sessions'] as const,
};
