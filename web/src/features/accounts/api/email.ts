import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { session } from '@/lib/auth/session';

/** POST /api/user/email {email, password} → 202: a confirmation link goes to the new address. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => api.post('/api/user/email', { body }),
  });
}

/** POST /api/user/email/confirm {token}: the mailed link's token; the address changes now. */
export function useConfirmEmailChange() {
  return useMutation({
    mutationFn: (token: string) => api.post('/api/user/email/confirm', { body: { token } }),
    onSuccess: (res) => session.updateUser({ email: res.user.email }),
  });
}
