// Mantine's base styles for every page, in cascade layer `mantine` so app CSS always
// wins regardless of load order. Each Mantine component brings its own stylesheet with
// it (the `componentStyles` plugin in vite.config.ts), so no page can miss one.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './global.css';

// `vite dev` pre-bundles Mantine, out of the plugin's reach: load everything there.
if (import.meta.env.DEV) {
  void import('@mantine/core/styles.layer.css');
  void import('@mantine/dates/styles.layer.css');
  void import('@mantine/notifications/styles.layer.css');
  void import('mantine-datatable/styles.layer.css');
}
