import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/lib/react-query';
import { server } from './msw';

/**
 * Counts how many times the server is asked each of `reads` (a GET path, msw style, and the
 * body it answers the nth time): a screen refetched after a write asks again.
 */
export function countReads<K extends string>(reads: Record<K, [path: string, body: (n: number) => JsonBodyType]>) {
  const counts = Object.fromEntries(Object.keys(reads).map((k) => [k, 0])) as Record<K, number>;
  server.use(
    ...(Object.entries(reads) as [K, [string, (n: number) => JsonBodyType]][]).map(([k, [path, body]]) =>
      http.get(path, () => HttpResponse.json(body(++counts[k]))),
    ),
  );
  return counts;
}

/** Renders `useScreens` (the queries of screens on display, and a write beside them) under a fresh query client. */
export function renderScreens<T>(useScreens: () => T) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(useScreens, { wrapper });
}
