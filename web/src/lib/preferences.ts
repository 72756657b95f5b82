import { useMantineColorScheme } from '@mantine/core';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { changeLanguage, currentLanguage } from '@/i18n';
import type { Language } from '@/i18n/languages';
import { api, type Schema } from './api';
import { session } from './auth/session';

/**
 * Per-user interface preferences (GET/PATCH /api/user/preferences). Before sign-in they
 * live in localStorage only; at sign-in and on reload the server's values win.
 */
export type NavLayout = Schema<'NavLayout'>;
export type ThemeChoice = Schema<'Theme'>;
export type Preferences = Schema<'Preferences'> & { language: Language };

export function getPreferences(signal?: AbortSignal): Promise<Preferences> {
  return api.get('/api/user/preferences', { signal });
}

export function patchPreferences(patch: Partial<Preferences>): Promise<Preferences> {
  return api.patch('/api/user/preferences', { body: patch });
}

// --- navigation layout, a tiny store mirrored in localStorage ---------------------------

export const NAV_LAYOUT_STORAGE_KEY = 'packline.nav-layout';
const navListeners = new Set<() => void>();

function readNavLayout(): NavLayout {
  try {
    return localStorage.getItem(NAV_LAYOUT_STORAGE_KEY) === 'top' ? 'top' : 'side';
  } catch {
    return 'side';
  }
}

let navLayout: NavLayout = readNavLayout();

export function setNavLayoutLocal(value: NavLayout): void {
  navLayout = value;
  try {
    localStorage.setItem(NAV_LAYOUT_STORAGE_KEY, value);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  navListeners.forEach((l) => l());
}

/** The current navigation layout: 'side' (default) or 'top'. */
export function useNavLayout(): NavLayout {
  return useSyncExternalStore(
    (l) => {
      navListeners.add(l);
      return () => navListeners.delete(l);
    },
    () => navLayout,
    () => navLayout,
  );
}

function savePreference(patch: Partial<Preferences>) {
  if (session.getState().status !== 'authenticated') return;
  // Saved in the background: the interface already shows the choice.
  void patchPreferences(patch).catch(() => undefined);
}

/** Actions that change a preference now and save it for the signed-in user. */
export function usePreferenceActions() {
  const { setColorScheme } = useMantineColorScheme();
  const setLanguage = useCallback((language: Language) => {
    void changeLanguage(language);
    savePreference({ language });
  }, []);
  const setTheme = useCallback(
    (theme: ThemeChoice) => {
      setColorScheme(theme);
      savePreference({ theme });
    },
    [setColorScheme],
  );
  const setNavLayout = useCallback((nav_layout: NavLayout) => {
    setNavLayoutLocal(nav_layout);
    savePreference({ nav_layout });
  }, []);
  return { setLanguage, setTheme, setNavLayout };
}

/**
 * Applies the signed-in user's saved preferences at sign-in and on reload (token
 * re-check). Mounted once inside the Mantine provider.
 */
export function PreferencesSync() {
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    const apply = async () => {
      try {
        const prefs = await getPreferences();
        if (prefs.language !== currentLanguage()) await changeLanguage(prefs.language);
        setColorScheme(prefs.theme);
        setNavLayoutLocal(prefs.nav_layout);
      } catch {
        // keep the local choices when the server cannot answer
      }
    };
    if (session.getState().status === 'authenticated') void apply();
    return session.onSignIn(() => void apply());
  }, [setColorScheme]);
  return null;
}
