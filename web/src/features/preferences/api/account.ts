import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import { session } from '@/lib/auth/session';

const successSchema = z.object({ success: z.boolean() });

/** PATCH /api/user/name {userName}: the server splits it at the first space. */
export async function updateName(userName: string): Promise<void> {
  successSchema.parse(await api.patch<unknown>('/user/name', { userName }));
}

/** PATCH /api/user/2fa {is2FAEnabled}: sends the flipped value (SPEC §7). */
export async function updateTwoFactor(is2FAEnabled: boolean): Promise<void> {
  successSchema.parse(await api.patch<unknown>('/user/2fa', { is2FAEnabled }));
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
