// Mantine component styles the production screens use beyond the main layout's set,
// loaded with these screens only.
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Progress.layer.css';
