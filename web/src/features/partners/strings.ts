// This area's strings: its i18next namespace, loaded before any module importing this runs
// (a top-level await: the area's lazy chunk resolves only once its strings are there).
import { loadNamespaces } from '@/i18n';

await loadNamespaces('partners', 'errors');
