/** Query keys of employees and their time; every one starts with `all`, so a change refreshes them all. */
export const employeeKeys = {
  all: ['employees'] as const,
  list: (params: object) => [...employeeKeys.all, 'list', params] as const,
  one: (id: number | null) => [...employeeKeys.all, 'one', id] as const,
  now: () => [...employeeKeys.all, 'now'] as const,
  punches: (id: number | null, from: string, to: string) => [...employeeKeys.all, 'punches', id, from, to] as const,
  timesheet: (params: object) => [...employeeKeys.all, 'timesheet', params] as const,
};
