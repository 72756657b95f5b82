import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest, type ResponseOf, type Schema } from '@/lib/api';
import { session } from '@/lib/auth/session';
import { preferencesKeys } from './keys';

/** One of the signed-in user's sessions (GET /api/user/sessions). */
export type UserSession = Schema<'Session'>;

export const twoFactorQuery = () =>
  queryOptions({
    queryKey: preferencesKeys.twoFactor(),
    queryFn: ({ signal }) => api.get('/api/user/2fa', { signal }),
  });

/** GET /api/user/2fa: whether two-factor sign-in is on and how many recovery codes are left. */
export function useTwoFactorState() {
  return useQuery(twoFactorQuery());
}

/** POST /api/user/2fa/setup: a new secret to confirm with a code. */
export function useSetupTwoFactor() {
  return useMutation({ mutationFn: () => api.post('/api/user/2fa/setup') });
}

/** PATCH /api/user/2fa {is2FAEnabled: true, code, password}: on, answering the recovery codes once. */
export function useEnableTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (proof: { code: string; password: string }) => api.patch('/api/user/2fa', { body: { is2FAEnabled: true, ...proof } }),
    onSuccess: () => {
      session.updateUser({ is2FAEnabled: true });
      void qc.invalidateQueries({ queryKey: preferencesKeys.twoFactor() });
    },
  });
}

/** PATCH /api/user/2fa {is2FAEnabled: false, code | password}. */
export function useDisableTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (proof: { code?: string; password?: string }) => api.patch('/api/user/2fa', { body: { is2FAEnabled: false, ...proof } }),
    onSuccess: () => {
      session.updateUser({ is2FAEnabled: false });
      void qc.invalidateQueries({ queryKey: preferencesKeys.twoFactor() });
    },
  });
}

/** GET /api/user/sessions, most recently used first. */
export function useSessions() {
  return useQuery({
    queryKey: preferencesKeys.sessions(),
    queryFn: ({ signal }) => api.get('/api/user/sessions', { signal }).then((d) => d.sessions),
  });
}

/** DELETE /api/user/sessions/{id}. */
export function useRevokeSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<ResponseOf<'/api/user/sessions/{id}', 'delete'>>(`/api/user/sessions/${id}`, { method: 'DELETE' }),
    onSettled: () => void qc.invalidateQueries({ queryKey: preferencesKeys.sessions() }),
  });
}

/** PATCH /api/user/password: needs the current one; signs out every other session. */
export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { current_password: string; password: string }) => api.patch('/api/user/password', { body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: preferencesKeys.sessions() }),
  });
}
