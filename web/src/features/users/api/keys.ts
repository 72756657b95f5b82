/** Query keys of the users feature; every one starts with `all`, so a change refreshes them all. */
export const userKeys = {
  all: ['users'] as const,
  list: (params: object) => [...userKeys.all, 'list', params] as const,
  mail: () => [...userKeys.all, 'mail'] as const,
  invitations: () => [...userKeys.all, 'invitations'] as const,
};
