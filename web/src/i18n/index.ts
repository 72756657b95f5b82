import i18n, { type FormatterModule, type LanguageDetectorModule, type ResourceKey } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { entryOf, HOME_PATH } from '@/config/paths';
import { LANGUAGE_COOKIE, setChoiceCookie } from '@/lib/choice-cookie';
import {
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
 * The strings are split by area into i18next namespaces (src/i18n/locales/<namespace>/<lang>.json,
 * written by scripts/split-locales.mjs), and every namespace of every language, English
 * too, is a lazy chunk loaded through i18next's own backend (i18next-resources-to-backend)
 * when a page declares it needs it: `common` at start, the others with their screens
 * (loadNamespaces below, awaited by the area's strings.ts). Keys keep their section (`t('inventory.batch.title')`):
 * `common` is the default namespace and every other one its fallback, so a key is found
 * in whichever loaded namespace holds it. i18next asks by tag ('pt-BR'); files are named by key ('br').
 */
const localeFiles = import.meta.glob<{ default: ResourceKey }>('./locales/*/*.json');

/** Every namespace there is, from the files. */
export const NAMESPACES = [...new Set(Object.keys(localeFiles).map((f) => f.split('/')[2]))];

/**
 * The namespaces to load with the language at start, in one wave with the page's code:
 * `common`, and what the entry's first screen shows (the office shell and, on its home
 * page, the dashboard). Screens declare theirs too (an area's strings.ts); one already
 * loading is not asked for twice. The server-side render of the public pages loads both of theirs.
 */
function firstNamespaces(): string[] {
  if (typeof window === 'undefined') return ['common', 'auth', 'kiosk'];
  const path = window.location.pathname;
  const entry = entryOf(path);
  if (path.startsWith('/impact-link/')) return ['common', 'impact'];
  if (entry !== 'office') return ['common', entry];
  return ['common', 'shell', ...(path === '/' || path.startsWith(HOME_PATH) ? ['dashboard'] : [])];
}

const lazyLocales = resourcesToBackend((language: string, namespace: string) => {
  const load = localeFiles[`./locales/${namespace}/${languageOf(language)}.json`];
  return load ? load() : Promise.reject(new Error(`No strings for ${namespace} in ${language}`));
});

/**
 * The language to start in: the one saved on this device, else a prerendered page's, else the browser's first
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
      // storage unavailable: ask the server, then the browser
    }
    // A prerendered public page is in the language the server chose (its cookie, else
    // Accept-Language): hydrate in it.
    const prerendered = typeof document === 'undefined' ? null : document.documentElement.getAttribute('data-prerendered');
    if (prerendered) return htmlLang(languageOf(prerendered.split(' ')[0]));
    const tags = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
    for (const tag of tags) {
      const lng = tag ? fromBrowserLanguage(tag) : null;
      if (lng) return htmlLang(lng);
    }
    return undefined;
  },
  cacheUserLanguage(lng) {
    setChoiceCookie(LANGUAGE_COOKIE, languageOf(lng));
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

const digitFormats = new Map<string, Intl.NumberFormat>();
function digitsFormat(lng: string | undefined): Intl.NumberFormat {
  const tag = LANGUAGE_INFO[languageOf(lng)].intl;
  let f = digitFormats.get(tag);
  if (!f) digitFormats.set(tag, (f = new Intl.NumberFormat(tag, { useGrouping: false, maximumFractionDigits: 20 })));
  return f;
}

/**
 * Every number put into a sentence ('{{count}} invoices') in the language's digits: Persian
 * digits in Persian, a decimal comma in Portuguese. No grouping is added, so an id stays
 * '3888'; amounts that want grouping are formatted by their callers. Text passes as it is.
 */
const localeDigits: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- i18next types a formatter's value as any
  format: (value: any, _format, lng) => (typeof value === 'number' ? digitsFormat(lng).format(value) : value),
};

/** Resolves when the first language is loaded; render after it so no key flashes. */
export const i18nReady = i18n
  .use(lazyLocales)
  .use(localeDigits)
  .use(detector)
  .use(initReactI18next)
  .init({
    ns: firstNamespaces(),
    defaultNS: 'common',
    fallbackNS: NAMESPACES.filter((ns) => ns !== 'common'),
    supportedLngs: LANGUAGE_TAGS,
    // Every language has every key (src/i18n/locales.test.ts), so none waits for English too.
    fallbackLng: false,
    load: 'currentOnly',
    nonExplicitSupportedLngs: false,
    // Every value goes through the formatter below (numbers into the language's digits).
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
    react: { useSuspense: false },
  });

/**
 * Loads namespaces of the current language (and of any language switched to later) and
 * resolves once they are there: a screen awaits it before it renders, so no key shows raw.
 */
export function loadNamespaces(...namespaces: string[]): Promise<void> {
  return i18nReady.then(() => i18n.loadNamespaces(namespaces));
}

/** The current language as one of the five keys. */
export function currentLanguage(): Language {
  return languageOf(i18n.resolvedLanguage ?? i18n.language);
}

/** Switches the interface to one of the five keys (i18next gets its tag). */
export function changeLanguage(lng: Language): Promise<unknown> {
  return i18n.changeLanguage(htmlLang(lng));
}

export default i18n;
