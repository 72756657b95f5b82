// The impact report's strings (namespace `impact`, with its error messages), loaded with
// the report's pages before they render.
import { loadNamespaces } from '@/i18n';

// The units' names (shell) too: a shared report signed out has no office shell to load them.
await loadNamespaces('impact', 'shell');
