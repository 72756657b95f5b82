import { useSyncExternalStore } from 'react';

/** How long a toast stays (SPEC §9). */
export const TOAST_DURATION_MS = 4000;
/** Where toasts appear (SPEC §8). */
export const TOAST_POSITION = 'bottom-right' as const;

export type ToastKind = 'success' | 'info' | 'warning' | 'danger';

const COLOR: Record<ToastKind, string> = {
  success: 'teal',
  info: 'primary',
  warning: 'yellow',
  danger: 'red',
};

// The toast container and its code load on the first toast, keeping them off the
// initial download of the login page and the kiosk.
let hostNeeded = false;
const hostListeners = new Set<() => void>();

/** True once any toast was requested; the provider then mounts the toast container. */
export function useToastHostNeeded(): boolean {
  return useSyncExternalStore(
    (l) => {
      hostListeners.add(l);
      return () => hostListeners.delete(l);
    },
    () => hostNeeded,
    () => hostNeeded,
  );
}

// The toasts on screen by their text: the same message again replaces its toast
// instead of stacking a second one (three wrong PINs make one toast, not three).
const shown = new Map<string, { id: string; timer: ReturnType<typeof setTimeout> }>();

/**
 * The one way the app shows a toast: bottom-right, 4000 ms (SPEC §8, §9), one toast
 * per message at a time. Pass already translated text. Resolves with the toast's id.
 */
export async function notify(kind: ToastKind, message: string, title?: string): Promise<string> {
  if (!hostNeeded) {
    hostNeeded = true;
    hostListeners.forEach((l) => l());
  }
  const { notifications } = await import('@mantine/notifications');
  const key = `${kind}\u0000${title ?? ''}\u0000${message}`;
  const before = shown.get(key);
  if (before) {
    clearTimeout(before.timer);
    notifications.hide(before.id);
  }
  const id = notifications.show({
    message,
    title,
    color: COLOR[kind],
    autoClose: TOAST_DURATION_MS,
    position: TOAST_POSITION,
    withBorder: true,
  });
  shown.set(key, { id, timer: setTimeout(() => shown.delete(key), TOAST_DURATION_MS) });
  return id;
}
