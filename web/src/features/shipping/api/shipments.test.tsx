import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { recentShipmentsQuery } from '@/features/dashboard';
import { warningsQuery } from '@/features/inventory';
import { projectQuery } from '@/features/projects';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { createQueryClient } from '@/lib/react-query';
import { server, VALID_TOKEN } from '@/test/msw';
import { useSaveShipment, useShipmentStep } from './shipments';

/** How many times each screen's figures were asked of the server. */
function countReads() {
  const reads = { recent: 0, project: 0, warnings: 0 };
  server.use(
    http.get('/api/shipments', () => {
      reads.recent++;
      return HttpResponse.json({ shipments: [], total: 0 });
    }),
    http.get('/api/projects/:id', () => {
      reads.project++;
      return HttpResponse.json({ id: 5, name: 'School meals', shipped_units: reads.project * 10 });
    }),
    http.get('/api/inventory/warnings', () => {
      reads.warnings++;
      return HttpResponse.json({ low_stock: [], expiring: [], expiring_within_days: 30 });
    }),
    http.post('/api/shipments', () => HttpResponse.json({ id: 3 }, { status: 201 })),
    http.post('/api/shipments/:id/ship', () => HttpResponse.json({ id: 3 })),
  );
  return reads;
}

/** The dashboard's recent shipments, a project's page and the inventory's warnings on screen, beside a shipping write. */
function renderScreens<T>(useWrite: () => T) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(
    () => ({
      recent: useQuery(recentShipmentsQuery),
      project: useQuery(projectQuery(5)),
      warnings: useQuery(warningsQuery(30)),
      write: useWrite(),
    }),
    { wrapper },
  );
}

describe('a shipment refreshes what it changed elsewhere', () => {
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
  });

  it('saving a shipment refetches the inventory, the project’s progress and the dashboard’s recent shipments', async () => {
    const reads = countReads();
    const { result } = renderScreens(useSaveShipment);
    await waitFor(() => expect(result.current.recent.data && result.current.project.data && result.current.warnings.data).toBeTruthy());
    expect(reads).toEqual({ recent: 1, project: 1, warnings: 1 });
    await act(() =>
      result.current.write.mutateAsync({ destination: { name: 'Food bank' }, ship_date: '2026-11-23', project_id: 5, lines: [{ batch_id: 50, quantity: 10 }] }),
    );
    await waitFor(() => expect(reads).toEqual({ recent: 2, project: 2, warnings: 2 }));
  });

  it('shipping it does the same', async () => {
    const reads = countReads();
    const { result } = renderScreens(useShipmentStep);
    await waitFor(() => expect(result.current.recent.data && result.current.project.data && result.current.warnings.data).toBeTruthy());
    await act(() => result.current.write.mutateAsync({ id: 3, step: 'ship' }));
    await waitFor(() => expect(reads).toEqual({ recent: 2, project: 2, warnings: 2 }));
  });
});
