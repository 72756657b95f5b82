import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import i18n from '@/i18n';
import { LANGUAGE_INFO, languageOf } from '@/i18n/languages';
import { useToastHostNeeded } from '@/lib/notify';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

const ToastHost = lazy(() => import('./toast-host'));

function directionOf(lng: string) {
  return LANGUAGE_INFO[languageOf(lng)].dir;
}

/** Keeps Mantine's direction (and so the mirrored layout) in step with the language. */
function DirectionSync() {
  const { setDirection } = useDirection();
  useEffect(() => {
    const apply = (lng: string) => setDirection(directionOf(lng));
    apply(i18n.language);
    i18n.on('languageChanged', apply);
    return () => i18n.off('languageChanged', apply);
  }, [setDirection]);
  return null;
}

function Toasts() {
  const needed = useToastHostNeeded();
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}

/**
 * Providers every page needs. Server state (React Query) and modals are provided by the
 * layouts that use them, so the login page and the kiosk stay light.
 */
export function AppProvider({
  children,
  env,
  forceColorScheme,
}: {
  children: ReactNode;
  env?: 'default' | 'test';
  /** The scheme a page is prerendered in (src/prerender.tsx); in the browser, the manager's. */
  forceColorScheme?: 'light' | 'dark';
}) {
  return (
    <DirectionProvider initialDirection={directionOf(i18n.language)} detectDirection={false}>
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="light"
        cssVariablesResolver={cssVariablesResolver}
        env={env}
        forceColorScheme={forceColorScheme}
      >
        <DirectionSync />
        {children}
        <Toasts />
      </MantineProvider>
    </DirectionProvider>
  );
}
