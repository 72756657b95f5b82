import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { session } from '@/lib/auth/session';

/** PATCH /api/user/name {userName}: the server splits it at the first space. */
export async function updateName(userName: string): Promise<void> {
  await api.patch('/api/user/name', { body: { userName } });
}

/** PATCH /api/user/2fa {is2FAEnabled}: sends the flipped value (SPEC §7). */
export async function updateTwoFactor(is2FAEnabled: boolean): Promise<void> {
  await api.patch('/api/user/2fa', { body: { is2FAEnabled } });
}

export function useUpdateName() {
  return useMutation({
    mutationFn: updateName,
    onSuccess: (_data, userName) => {
      const trimmed = userName.trim();
      const space = trimmed.indexOf(' ');
      session.updateUser(
        space < 0
          ? { firstName: trimmed, lastName: '' }
          : { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() },
      );
    },
  });
}

export function useUpdateTwoFactor() {
  return useMutation({
    mutationFn: updateTwoFactor,
    onSuccess: (_data, is2FAEnabled) => session.updateUser({ is2FAEnabled }),
  });
}
