// Mantine component styles the documents screens use beyond the main layout's set
// (src/app/layouts/main-styles.ts), loaded with these screens only.
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/dropzone/styles.layer.css';
import 'mantine-datatable/styles.layer.css';
