import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.ts';
import { i18nReady } from './i18n';
import { AppProvider } from './app/provider';
import EmployeePortal from './features/kiosk/routes/employee-portal';

// The entry of kiosk.html (/employee-portal): the public kiosk alone, light enough for
// a tablet on a weak connection (SPEC §2, §8).
void i18nReady.finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <EmployeePortal />
      </AppProvider>
    </StrictMode>,
  );
});
