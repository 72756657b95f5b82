import { useQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { recentShipmentsQuery } from '@/features/dashboard';
import { warningsQuery } from '@/features/inventory';
import { projectQuery } from '@/features/projects';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { server, VALID_TOKEN } from '@/test/msw';
import { countReads, renderScreens } from '@/test/refetches';
import { useSaveShipment, useShipmentStep } from './shipments';

/** The dashboard's recent shipments, a project's page and the inventory's warnings on display, beside a shipping write. */
function setUp<T>(useWrite: () => T) {
  const reads = countReads({
    recent: ['/api/shipments', () => ({ shipments: [], total: 0 })],
    project: ['/api/projects/:id', (n) => ({ id: 5, name: 'School meals', shipped_units: n * 10 })],
    warnings: ['/api/inventory/warnings', () => ({ low_stock: [], expiring: [], expiring_within_days: 30 })],
  });
  server.use(
    http.post('/api/shipments', () => HttpResponse.json({ id: 3 }, { status: 201 })),
    http.post('/api/shipments/:id/ship', () => HttpResponse.json({ id: 3 })),
  );
  const { result } = renderScreens(() => ({
    recent: useQuery(recentShipmentsQuery),
    project: useQuery(projectQuery(5)),
    warnings: useQuery(warningsQuery(30)),
    write: useWrite(),
  }));
  return { reads, result };
}

describe('a shipment refreshes what it changed elsewhere', () => {
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
  });

  it('saving a shipment refetches the inventory, the project’s progress and the dashboard’s recent shipments', async () => {
    const { reads, result } = setUp(useSaveShipment);
    await waitFor(() => expect(result.current.recent.data && result.current.project.data && result.current.warnings.data).toBeTruthy());
    expect(reads).toEqual({ recent: 1, project: 1, warnings: 1 });
    await act(() =>
      result.current.write.mutateAsync({ destination: { name: 'Food bank' }, ship_date: '2026-11-23', project_id: 5, lines: [{ batch_id: 50, quantity: 10 }] }),
    );
    await waitFor(() => expect(reads).toEqual({ recent: 2, project: 2, warnings: 2 }));
  });

  it('shipping it does the same', async () => {
    const { reads, result } = setUp(useShipmentStep);
    await waitFor(() => expect(result.current.recent.data && result.current.project.data && result.current.warnings.data).toBeTruthy());
    await act(() => result.current.write.mutateAsync({ id: 3, step: 'ship' }));
    await waitFor(() => expect(reads).toEqual({ recent: 2, project: 2, warnings: 2 }));
  });
});
