// The notifications' strings (the dropdown, the page: namespace `notifications`) load with
// their code, not with every first load; the bell's unread count is in the shell's.
import { loadNamespaces } from '@/i18n';

await loadNamespaces('notifications');
