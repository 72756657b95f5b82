import './styles.ts';
import { i18nReady } from './i18n';
import { mount } from './app/mount';
import EmployeePortal from './features/kiosk/routes/employee-portal';

// The entry of kiosk.html (/employee-portal): the public kiosk alone, light enough for
// a tablet on a weak connection (SPEC §2, §8). The server sends it prerendered
// (src/prerender.tsx); this makes it interactive.
void i18nReady.finally(() => mount(<EmployeePortal />));
