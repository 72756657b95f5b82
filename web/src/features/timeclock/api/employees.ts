import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { employeeKeys } from './keys';
import type { Employee } from './types';

export type SortField = 'last_name' | 'first_name' | 'clock_status' | 'last_event' | 'created_at';
export interface EmployeeListParams {
  search: string;
  status: 'active' | 'archived' | 'all';
  sort: SortField;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** GET /api/staff/employees: searched, sorted and paged on the server. */
export function employeeListQuery(p: EmployeeListParams) {
  const query = { search: p.search, status: p.status, sort: p.sort, order: p.order, page: p.page, page_size: p.pageSize };
  return queryOptions({
    queryKey: employeeKeys.list(p),
    queryFn: ({ signal }) => api.get('/api/staff/employees', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useEmployeeList(p: EmployeeListParams) {
  return useQuery(employeeListQuery(p));
}

/** GET /api/staff/employees/{id}: one employee, archived or not (off while id is null). */
export function useEmployee(id: number | null) {
  return useQuery({
    queryKey: employeeKeys.one(id),
    queryFn: ({ signal }) => api.get('/api/staff/employees/{id}', { path: { id: id ?? 0 }, signal }),
    enabled: id != null,
  });
}

/** Refreshes every employee and time query after a change. */
export function useInvalidateEmployees() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: employeeKeys.all });
}

export interface EmployeeInput {
  first_name: string;
  last_name: string;
}

/** POST /api/employees {first_name, last_name, pin} → 201 with the employee. */
export function useCreateEmployee() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: (v: EmployeeInput & { pin: string; pin_confirmation: string }) => api.post('/api/employees', { body: v }),
    onSuccess: invalidate,
  });
}

/** PATCH /api/staff/employees/{id} with new names. */
export function useUpdateEmployee() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: ({ id, ...v }: EmployeeInput & { id: number }) =>
      api.patch('/api/staff/employees/{id}', { path: { id }, body: v }),
    onSuccess: invalidate,
  });
}

/** POST /api/staff/employees/{id}/archive or /unarchive. */
export function useSetArchived() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: ({ id, archived }: { id: number; archived: boolean }) =>
      archived
        ? api.post('/api/staff/employees/{id}/archive', { path: { id } })
        : api.post('/api/staff/employees/{id}/unarchive', { path: { id } }),
    onSuccess: invalidate,
  });
}

/** PUT /api/staff/employees/{id}/pin: the PIN twice; it is never shown again. */
export function useSetPin() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: ({ id, pin, pin_confirmation }: { id: number; pin: string; pin_confirmation: string }) =>
      api.put('/api/staff/employees/{id}/pin', { path: { id }, body: { pin, pin_confirmation } }),
    onSuccess: invalidate,
  });
}

export type { Employee };
