import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schema } from '@/lib/api';
import { userKeys } from './keys';

export type AdminUser = Schema<'AdminUser'>;
export type Invitation = Schema<'Invitation'>;
export type Role = Schema<'Role'>;
export type OutgoingMail = Schema<'OutgoingMail'>;
/** An invitation just made or resent: its link, shown only in this answer, and whether it was mailed or only logged. */
export type SentInvitation = Schema<'SentInvitation'>;

export interface UserListParams {
  search: string;
  page: number;
  pageSize: number;
}

/** GET /api/users: searched and paged on the server, active accounts first. */
export function userListQuery(p: UserListParams) {
  return queryOptions({
    queryKey: userKeys.list(p),
    queryFn: ({ signal }) => api.get('/api/users', { query: { search: p.search, page: p.page, page_size: p.pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUserList(p: UserListParams) {
  return useQuery(userListQuery(p));
}

/** PATCH /api/users/{id} {role?, active?}. */
export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; role?: Role; active?: boolean }) =>
      api.patch('/api/users/{id}', { path: { id }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** POST /api/users/invitations {email, role}: mails a signup link (or, without a mail server, only logs it); the answer holds the link. */
export function useInviteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; role: Role }) => api.post('/api/users/invitations', { body }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: userKeys.invitations() }), qc.invalidateQueries({ queryKey: userKeys.mail() })]),
  });
}

/** GET /api/users/mail: the latest mails of the outbox; polled while one is waiting. */
export function useOutgoingMail() {
  return useQuery({
    queryKey: userKeys.mail(),
    queryFn: ({ signal }) => api.get('/api/users/mail', { signal }),
    refetchInterval: (q) => (q.state.data?.mails.some((m) => m.status === 'pending') ? 10_000 : false),
  });
}

/** GET /api/users/invitations: the invitations not accepted and not expired, newest first. */
export function usePendingInvitations() {
  return useQuery({
    queryKey: userKeys.invitations(),
    queryFn: async ({ signal }) => (await api.get('/api/users/invitations', { signal })).invitations,
  });
}

/** POST /api/users/invitations/{id}/resend: a new link by mail (the answer holds it); the old one stops working. */
export function useResendInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/users/invitations/{id}/resend', { path: { id } }),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: userKeys.invitations() }), qc.invalidateQueries({ queryKey: userKeys.mail() })]),
  });
}

/** DELETE /api/users/invitations/{id}: the link stops working. */
export function useRevokeInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/api/users/invitations/{id}', { path: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: userKeys.invitations() }),
  });
}

/** POST /api/users/{id}/reset-2fa: their two-factor off, recovery codes deleted, signed out everywhere. */
export function useResetTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/users/{id}/reset-2fa', { path: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}
