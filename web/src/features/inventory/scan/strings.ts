// The scanner's strings (namespace `scan`): it is shown by inventory, production and shipping,
// and only the modules that show it import this (a top-level await, see ../strings.ts).
import { loadNamespaces } from '@/i18n';

await loadNamespaces('scan');
