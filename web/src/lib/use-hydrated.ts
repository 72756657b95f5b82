import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while a prerendered page is only HTML (on the server, and while React hydrates it),
 * true from then on, and at once in a page rendered in the browser. A prerendered form or
 * control is `inert` until then: a tap or keystroke before its script runs would otherwise
 * be lost, or typed into a field whose state React does not know.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
