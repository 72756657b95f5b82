import i18n, { type BackendModule, type LanguageDetectorModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGE_TAGS,
  fromBrowserLanguage,
  htmlLang,
  isLanguage,
  languageOf,
  LANGUAGE_INFO,
  type Language,
} from './languages';
// English for everything but the areas that bring their own (src/i18n/english.ts).
import {
  common,
  nav,
  navbar,
  auth,
  dashboard,
  pages,
  employeePortal,
  errors,
  units,
} from './locales/gb.json';

/**
 * The default language (and fallback) is part of every entry, so the first paint waits
 * for no extra request; the others load on demand, a page downloading only the language
 * it shows. One file per locale: src/i18n/locales/<code>.json; i18next asks by tag
 * ('pt-BR'), the file is named by key ('br').
 */
const localeLoaders = import.meta.glob<{ default: ResourceKey }>(['./locales/*.json', '!./locales/gb.json']);

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = localeLoaders[`./locales/${languageOf(language)}.json`];
    if (!load) {
      callback(new Error(`No locale file for ${language}`), false);
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (err: Error) => callback(err, false),
    );
  },
};

/**
 * The language to start in: the one saved on this device, else the browser's first
 * language we speak (else i18next falls back to gb). A choice is saved on the device as
 * its app key ('br'); i18next gets its tag ('pt-BR').
 * (A few lines instead of i18next-browser-languagedetector: it is on every first load.)
 */
const detector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    try {
      const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
      if (isLanguage(saved)) return htmlLang(saved);
    } catch {
      // storage unavailable: ask the browser
    }
    const tags = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
    for (const tag of tags) {
      const lng = tag ? fromBrowserLanguage(tag) : null;
      if (lng) return htmlLang(lng);
    }
    return undefined;
  },
  cacheUserLanguage(lng) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, languageOf(lng));
    } catch {
      // the choice lasts for this page only
    }
  },
};

/** Sets <html lang dir> for the language (Persian is right to left). */
export function applyDocumentLanguage(lng: string): void {
  const code: Language = languageOf(lng);
  const root = document.documentElement;
  root.lang = htmlLang(code);
  root.dir = LANGUAGE_INFO[code].dir;
}

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') applyDocumentLanguage(lng);
});

/** Resolves when the first language is loaded; render after it so no key flashes. */
export const i18nReady = i18n
  .use(lazyLocales)
  .use(detector)
  .use(initReactI18next)
  .init({
    resources: {
      [htmlLang(DEFAULT_LANGUAGE)]: {
        translation: { common, nav, navbar, auth, dashboard, pages, employeePortal, errors, units },
      },
    },
    partialBundledLanguages: true,
    supportedLngs: LANGUAGE_TAGS,
    fallbackLng: htmlLang(DEFAULT_LANGUAGE),
    load: 'currentOnly',
    nonExplicitSupportedLngs: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });

/** The current language as one of the five keys. */
export function currentLanguage(): Language {
  return languageOf(i18n.resolvedLanguage ?? i18n.language);
}

/** Switches the interface to one of the five keys (i18next gets its tag). */
export function changeLanguage(lng: Language): Promise<unknown> {
  return i18n.changeLanguage(htmlLang(lng));
}

export default i18n;
