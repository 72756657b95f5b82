import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import { employeeSchema, type Employee } from './types';

export type SortField = 'last_name' | 'first_name' | 'clock_status' | 'last_event' | 'created_at';
export interface EmployeeListParams {
  search: string;
  status: 'active' | 'archived' | 'all';
  sort: SortField;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const listSchema = z.object({
  employees: z.array(employeeSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});

/** Every query of this feature starts with this key, so a change refreshes them all. */
export const EMPLOYEES_KEY = ['employees'] as const;

/** GET /api/staff/employees: searched, sorted and paged on the server. */
export function employeeListQuery(p: EmployeeListParams) {
  const qs = new URLSearchParams({
    search: p.search,
    status: p.status,
    sort: p.sort,
    order: p.order,
    page: String(p.page),
    page_size: String(p.pageSize),
  });
  return queryOptions({
    queryKey: [...EMPLOYEES_KEY, 'list', p],
    queryFn: async ({ signal }) => listSchema.parse(await api.get<unknown>(`/staff/employees?${qs}`, signal)),
    placeholderData: keepPreviousData,
  });
}

export function useEmployeeList(p: EmployeeListParams) {
  return useQuery(employeeListQuery(p));
}

/** Refreshes every employee and time query after a change. */
export function useInvalidateEmployees() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: EMPLOYEES_KEY });
}

export interface EmployeeInput {
  first_name: string;
  last_name: string;
}

/** POST /api/employees {first_name, last_name, pin} → 201 with the employee. */
export function useCreateEmployee() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: async (v: EmployeeInput & { pin: string; pin_confirmation: string }) =>
      employeeSchema.parse(await api.post<unknown>('/employees', v)),
    onSuccess: invalidate,
  });
}

/** PATCH /api/staff/employees/{id} with new names. */
export function useUpdateEmployee() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: async ({ id, ...v }: EmployeeInput & { id: number }) =>
      employeeSchema.parse(await api.patch<unknown>(`/staff/employees/${id}`, v)),
    onSuccess: invalidate,
  });
}

/** POST /api/staff/employees/{id}/archive or /unarchive. */
export function useSetArchived() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: async ({ id, archived }: { id: number; archived: boolean }) =>
      employeeSchema.parse(await api.post<unknown>(`/staff/employees/${id}/${archived ? 'archive' : 'unarchive'}`)),
    onSuccess: invalidate,
  });
}

/** PUT /api/staff/employees/{id}/pin: the PIN twice; it is never shown again. */
export function useSetPin() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: ({ id, pin, pin_confirmation }: { id: number; pin: string; pin_confirmation: string }) =>
      api.put<unknown>(`/staff/employees/${id}/pin`, { pin, pin_confirmation }),
    onSuccess: invalidate,
  });
}

export type { Employee };
