import { useEffect, useRef } from 'react';

/** How long the kiosk may sit untouched before it returns to its start. */
export const KIOSK_IDLE_MS = 30_000;

/**
 * While `active`, calls `onIdle` after `ms` without a key press, pointer or touch
 * anywhere on the page, so the next person never acts as the previous one.
 */
export function useIdle(active: boolean, onIdle: () => void, ms = KIOSK_IDLE_MS): void {
  const callback = useRef(onIdle);
  useEffect(() => {
    callback.current = onIdle;
  }, [onIdle]);
  useEffect(() => {
    if (!active) return;
    let timer = window.setTimeout(() => callback.current(), ms);
    const reset = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => callback.current(), ms);
    };
    const events = ['pointerdown', 'keydown', 'input', 'touchstart', 'wheel'] as const;
    events.forEach((e) => window.addEventListener(e, reset, { capture: true, passive: true }));
    return () => {
      window.clearTimeout(timer);
      events.forEach((e) => window.removeEventListener(e, reset, { capture: true }));
    };
  }, [active, ms]);
}
