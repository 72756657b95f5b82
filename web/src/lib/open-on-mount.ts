import { useEffect, useRef, useState } from 'react';

/**
 * For a menu mounted by its button's first click (useFirstUse): moves focus to the new
 * button (the first one was replaced) and opens on the next frame, so the menu records
 * that button as the place to return focus to when it closes.
 */
export function useOpenOnMount<T extends HTMLElement>() {
  const target = useRef<T>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    target.current?.focus();
    const frame = requestAnimationFrame(() => setOpened(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return { target, opened, setOpened };
}
