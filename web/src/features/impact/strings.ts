// The impact report's strings (namespace `impact`, with its error messages), loaded with
// the report's pages before they render.
import { loadNamespaces } from '@/i18n';

await loadNamespaces('impact');
