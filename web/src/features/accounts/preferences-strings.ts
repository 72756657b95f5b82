// The preferences screen's strings: its i18next namespace and those whose words it shows, loaded
// before any module importing this runs (a top-level await: the screen's lazy chunk resolves
// only once its strings are there).
import { loadNamespaces } from '@/i18n';

await loadNamespaces('preferences', 'dashboard', 'auth', 'pages', 'errors');
