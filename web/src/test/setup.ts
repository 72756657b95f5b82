import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { setPageLoadForTests } from '@/lib/page-load';
import { queryClient } from '@/lib/react-query';
import { server } from './msw';
import i18n, { type ResourceKey } from 'i18next';
import '@/i18n';

// Tests render an area's components on their own: give them every English namespace at
// once (the browser loads each with the screens that declare it, src/i18n/index.ts).
const english = import.meta.glob<ResourceKey>('../i18n/locales/*/gb.json', { eager: true, import: 'default' });
for (const [file, strings] of Object.entries(english)) i18n.addResourceBundle('en-GB', file.split('/').at(-2)!, strings, true, true);

// Lazy routes compile on first use in tests, and a busy machine (two workers on two
// cores, CI beside other work) can take seconds to render: give them time. A wait
// that is never met still fails, only later.
configure({ asyncUtilTimeout: 15_000 });

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
// Mantine's autosize textarea re-measures when fonts load.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {} } });
}
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
