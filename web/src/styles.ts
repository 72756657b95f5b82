// Mantine's base styles for every page, in cascade layer `mantine` so app CSS always
// wins regardless of load order. Component styles are imported by the layouts that use
// them (auth pages and the kiosk a small set, the main layout all of them), keeping
// the login page and the kiosk within their page-weight budget.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import './global.css';
