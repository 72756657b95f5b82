import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useState } from 'react';

/** Wide enough to keep the sidebar open by default: ≥ lg (1024px, SPEC §9). */
export const SIDEBAR_EXPANDED_QUERY = '(min-width: 64em)';
/** Phone width, where the open sidebar covers the screen: < md (640px). */
export const MOBILE_QUERY = '(max-width: 39.99em)';

function matches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/**
 * Sidebar state (SPEC §4: minimized or expanded). Expanded by default at large widths
 * and minimized by itself at medium width and below; the toggle overrides until the
 * width crosses that breakpoint again. On phones it closes after each navigation.
 */
export function useSidebar() {
  const wide = useMediaQuery(SIDEBAR_EXPANDED_QUERY, matches(SIDEBAR_EXPANDED_QUERY), { getInitialValueInEffect: false });
  const mobile = useMediaQuery(MOBILE_QUERY, matches(MOBILE_QUERY), { getInitialValueInEffect: false });
  const [expanded, setExpanded] = useState<boolean>(wide);
  // Crossing the breakpoint resets the sidebar to that width's default.
  const [lastWide, setLastWide] = useState(wide);
  if (wide !== lastWide) {
    setLastWide(wide);
    setExpanded(wide);
  }

  const toggle = useCallback(() => setExpanded((e) => !e), []);
  const afterNavigate = useCallback(() => {
    if (mobile) setExpanded(false);
  }, [mobile]);

  return { expanded, toggle, afterNavigate, mobile };
}
