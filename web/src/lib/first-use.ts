import { useState } from 'react';

/**
 * The navbar's menus and popovers load on first use: until then the header shows only
 * their buttons, so a cold page does not download Mantine's Menu, Popover and what
 * they build on (the `overlays` chunk, ≈ 39 KB gzipped) before anyone opens one.
 * Pointing at or focusing a button fetches its module; clicking it mounts the real
 * menu, which opens at once (see useOpenOnMount).
 */
export function useFirstUse(load: () => Promise<unknown>) {
  const [used, setUsed] = useState(false);
  const prefetch = () => void load().catch(() => undefined);
  return {
    used,
    handlers: { 'aria-expanded': false, onPointerEnter: prefetch, onFocus: prefetch, onClick: () => setUsed(true) },
  };
}
