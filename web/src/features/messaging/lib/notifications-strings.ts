// The notifications' strings (the dropdown, the page: namespace `messaging`, with the chat's) load with
// their code, not with every first load; the bell's unread count is in the shell's.
import { loadNamespaces } from '@/i18n';

await loadNamespaces('messaging');
