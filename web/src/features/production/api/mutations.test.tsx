import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { productionTodayQuery } from '@/features/dashboard';
import { warningsQuery } from '@/features/inventory';
import { projectQuery } from '@/features/projects';
import { resetSessionForTests } from '@/lib/auth/session';
import { TOKEN_KEY } from '@/lib/auth/token-storage';
import { createQueryClient } from '@/lib/react-query';
import { server, VALID_TOKEN } from '@/test/msw';
import { useCreateEntry, useReverseEntry } from './mutations';

/** How many times each screen's figures were asked of the server. */
function countReads() {
  const reads = { today: 0, project: 0, warnings: 0 };
  server.use(
    http.get('/api/production/today', () => {
      reads.today++;
      return HttpResponse.json({ date: '2026-11-23', units: reads.today * 10, labour_hours: 1, units_per_labour_hour: null, best_line: null });
    }),
    http.get('/api/projects/:id', () => {
      reads.project++;
      return HttpResponse.json({ id: 5, name: 'School meals', produced_units: reads.project * 10 });
    }),
    http.get('/api/inventory/warnings', () => {
      reads.warnings++;
      return HttpResponse.json({ low_stock: [], expiring: [], expiring_within_days: 30 });
    }),
    http.post('/api/production/entries', () => HttpResponse.json({ id: 7 }, { status: 201 })),
    http.post('/api/production/entries/:id/reverse', () => HttpResponse.json({ id: 7 })),
  );
  return reads;
}

/** The dashboard's units today, a project's page and the inventory's warnings on screen, beside a production write. */
function renderScreens<T>(useWrite: () => T) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(
    () => ({
      today: useQuery(productionTodayQuery),
      project: useQuery(projectQuery(5)),
      warnings: useQuery(warningsQuery(30)),
      write: useWrite(),
    }),
    { wrapper },
  );
}

describe('a production entry refreshes what it changed elsewhere', () => {
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem(TOKEN_KEY, VALID_TOKEN);
  });

  it('saving an entry refetches the dashboard’s units today, the project’s progress and the inventory', async () => {
    const reads = countReads();
    const { result } = renderScreens(useCreateEntry);
    await waitFor(() => expect(result.current.today.data && result.current.project.data && result.current.warnings.data).toBeTruthy());
    expect(reads).toEqual({ today: 1, project: 1, warnings: 1 });
    await act(() => result.current.write.mutateAsync({ date: '2026-11-23', hour: 9, line_id: 2, product_id: 100, units: 10, project_id: 5 }));
    await waitFor(() => expect(reads).toEqual({ today: 2, project: 2, warnings: 2 }));
    expect(result.current.today.data?.units).toBe(20);
  });

  it('reversing an entry does the same', async () => {
    const reads = countReads();
    const { result } = renderScreens(useReverseEntry);
    await waitFor(() => expect(result.current.today.data && result.current.project.data && result.current.warnings.data).toBeTruthy());
    await act(() => result.current.write.mutateAsync({ id: 7, reason: 'wrong line' }));
    await waitFor(() => expect(reads).toEqual({ today: 2, project: 2, warnings: 2 }));
  });
});
