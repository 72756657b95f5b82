/** Query keys of a project's impact report, its share links and its monthly mail. */
export const impactKeys = {
  all: ['impact'] as const,
  report: (id: number, from?: string, to?: string) => [...impactKeys.all, id, 'report', from ?? '', to ?? ''] as const,
  links: (id: number) => [...impactKeys.all, id, 'links'] as const,
  mail: (id: number) => [...impactKeys.all, id, 'mail'] as const,
};
