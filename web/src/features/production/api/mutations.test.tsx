import { useQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { productionTodayQuery } from '@/features/dashboard';
import { warningsQuery } from '@/features/inventory';
import { projectQuery } from '@/features/projects';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { server, VALID_TOKEN } from '@/test/msw';
import { countReads, renderScreens } from '@/test/refetches';
import { useCreateEntry, useReverseEntry } from './mutations';

/** The dashboard's units today, a project's page and the inventory's warnings on display, beside a production write. */
function setUp<T>(useWrite: () => T) {
  const reads = countReads({
    today: ['/api/production/today', (n) => ({ date: '2026-11-23', units: n * 10, labour_hours: 1, units_per_labour_hour: null, best_line: null })],
    project: ['/api/projects/:id', (n) => ({ id: 5, name: 'School meals', produced_units: n * 10 })],
    warnings: ['/api/inventory/warnings', () => ({ low_stock: [], expiring: [], expiring_within_days: 30 })],
  });
  server.use(
    http.post('/api/production/entries', () => HttpResponse.json({ id: 7 }, { status: 201 })),
    http.post('/api/production/entries/:id/reverse', () => HttpResponse.json({ id: 7 })),
  );
  const { result } = renderScreens(() => ({
    today: useQuery(productionTodayQuery),
    project: useQuery(projectQuery(5)),
    warnings: useQuery(warningsQuery(30)),
    write: useWrite(),
  }));
  return { reads, result };
}

describe('a production entry refreshes what it changed elsewhere', () => {
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
  });

  it('saving an entry refetches the dashboard’s units today, the project’s progress and the inventory', async () => {
    const { reads, result } = setUp(useCreateEntry);
    await waitFor(() => expect(result.current.today.data && result.current.project.data && result.current.warnings.data).toBeTruthy());
    expect(reads).toEqual({ today: 1, project: 1, warnings: 1 });
    await act(() => result.current.write.mutateAsync({ date: '2026-11-23', hour: 9, line_id: 2, product_id: 100, units: 10, project_id: 5 }));
    await waitFor(() => expect(reads).toEqual({ today: 2, project: 2, warnings: 2 }));
    expect(result.current.today.data?.units).toBe(20);
  });

  it('reversing an entry does the same', async () => {
    const { reads, result } = setUp(useReverseEntry);
    await waitFor(() => expect(result.current.today.data && result.current.project.data && result.current.warnings.data).toBeTruthy());
    await act(() => result.current.write.mutateAsync({ id: 7, reason: 'wrong line' }));
    await waitFor(() => expect(reads).toEqual({ today: 2, project: 2, warnings: 2 }));
  });
});
