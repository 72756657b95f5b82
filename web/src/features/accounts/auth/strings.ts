// The sign-in pages' strings: their i18next namespace, loaded before any module importing this
// runs (a top-level await: the pages' code resolves only once its strings are there).
import { loadNamespaces } from '@/i18n';

await loadNamespaces('auth');
