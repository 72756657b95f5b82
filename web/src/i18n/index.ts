import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_STORAGE_KEY,
  fromBrowserLanguage,
  htmlLang,
  isLanguage,
  LANGUAGE_INFO,
  type Language,
} from './languages';

import gb from './locales/gb.json';

/**
 * The default language (and fallback) is part of every entry, so the first paint waits
 * for no extra request; the others load on demand, a page downloading only the language
 * it shows. One file per locale: src/i18n/locales/<code>.json.
 */
const localeLoaders = import.meta.glob<{ default: ResourceKey }>(['./locales/*.json', '!./locales/gb.json']);

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = localeLoaders[`./locales/${language}.json`];
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
detector.addDetector({
  name: 'packlineNavigator',
  lookup() {
    const tags = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
    for (const tag of tags) {
      const lng = tag ? fromBrowserLanguage(tag) : null;
      if (lng) return lng;
    }
    return undefined;
  },
});

/** Sets <html lang dir> for the language (Persian is right to left). */
export function applyDocumentLanguage(lng: string): void {
  const code: Language = isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
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
    resources: { gb: { translation: gb } },
    partialBundledLanguages: true,
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    load: 'languageOnly',
    nonExplicitSupportedLngs: false,
    detection: {
      order: ['localStorage', 'packlineNavigator'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
    },
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });

/** The current language as one of the five codes. */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

export default i18n;
