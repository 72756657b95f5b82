import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { setPageLoadForTests } from '@/lib/page-load';
import { queryClient } from '@/lib/react-query';
import { server } from './msw';

// Lazy routes compile on first use in tests; give them time.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that Mantine relies on.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  setPageLoadForTests(null);
  window.history.replaceState(null, '', '/');
  server.resetHandlers();
  queryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());
