import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { session } from '@/lib/auth/session';

/** PATCH /api/user/name {userName}: the server splits it at the first space. */
export async function updateName(userName: string): Promise<void> {
  await api.patch('/api/user/name', { body: { userName } });
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
