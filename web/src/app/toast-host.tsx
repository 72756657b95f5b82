import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS, TOAST_POSITION } from '@/lib/notify';

/** The toast container, loaded with the first toast (see lib/notify.ts). */
export default function ToastHost() {
  return <Notifications position={TOAST_POSITION} autoClose={TOAST_DURATION_MS} limit={4} zIndex={1000} />;
}
