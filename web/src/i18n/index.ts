import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
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

/**
 * Loads one locale file on demand, so a page only downloads the language it shows
 * (plus gb as the fallback). One file per locale: src/i18n/locales/<code>.json; i18next
 * asks by tag ('pt-BR'), the file is named by key ('br').
 */
const localeLoaders = import.meta.glob<{ default: ResourceKey }>('./locales/*.json');

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

const detector = new LanguageDetector();
// The saved choice is the app key ('br'); i18next gets its tag ('pt-BR').
detector.addDetector({
  name: 'packlineStorage',
  lookup() {
    try {
      const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
      return isLanguage(saved) ? htmlLang(saved) : undefined;
    } catch {
      return undefined;
    }
  },
  cacheUserLanguage(lng) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, languageOf(lng));
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
  },
});
detector.addDetector({
  name: 'packlineNavigator',
  lookup() {
    const tags = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
    for (const tag of tags) {
      const lng = tag ? fromBrowserLanguage(tag) : null;
      if (lng) return htmlLang(lng);
    }
    return undefined;
  },
});

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
    supportedLngs: LANGUAGE_TAGS,
    fallbackLng: htmlLang(DEFAULT_LANGUAGE),
    load: 'currentOnly',
    nonExplicitSupportedLngs: false,
    detection: {
      order: ['packlineStorage', 'packlineNavigator'],
      caches: ['packlineStorage'],
    },
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
