import { useEffect } from 'react';

/**
 * Keeps the screen on while the kiosk shows (Screen Wake Lock), asking again whenever
 * the page becomes visible (the browser releases the lock when it is hidden). Where the
 * browser has no wake lock, or refuses it (battery saver), the screen sleeps as before.
 */
export function useWakeLock(): void {
  useEffect(() => {
    const wl = (navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> } }).wakeLock;
    if (!wl) return;
    let lock: { release(): Promise<void> } | null = null;
    let gone = false;
    const request = () => {
      if (document.visibilityState !== 'visible') return;
      wl.request('screen').then(
        (l) => {
          if (gone) void l.release().catch(() => undefined);
          else lock = l;
        },
        () => undefined,
      );
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      gone = true;
      document.removeEventListener('visibilitychange', request);
      void lock?.release().catch(() => undefined);
    };
  }, []);
}
