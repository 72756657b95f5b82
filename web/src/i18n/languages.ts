import { enumValues } from '@/lib/api/enums';
import type { Schema } from '@/lib/api/typed';

/** The five interface languages (SPEC §1); gb is the default and fallback. The API's `Language`, both ways. */
export const LANGUAGES = enumValues<Schema<'Language'>>()(['gb', 'br', 'es', 'cn', 'ir']);
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'gb';

/** localStorage key holding the chosen language before and after sign-in. */
export const LANGUAGE_STORAGE_KEY = 'packline.language';

interface LanguageInfo {
  /**
   * The BCP 47 tag: i18next's language (so its plural rules are the language's own, not
   * those of whatever the two-letter key happens to name: `br` is Breton) and <html lang>.
   */
  tag: string;
  /** The Intl locale for numbers and dates: the tag, with a calendar where one is chosen. */
  intl: string;
  dir: 'ltr' | 'rtl';
  /** The language's own name, shown in the language picker */
  nativeName: string;
}

/**
 * The app keys (SPEC §1) stay the keys of the locale files, the language picker and the
 * saved preference; everything that formats or picks a plural form gets the real tag.
 * Persian uses Persian digits and month names on the Gregorian calendar so dates match
 * the organisation's records.
 */
export const LANGUAGE_INFO: Record<Language, LanguageInfo> = {
  gb: { tag: 'en-GB', intl: 'en-GB', dir: 'ltr', nativeName: 'English' },
  br: { tag: 'pt-BR', intl: 'pt-BR', dir: 'ltr', nativeName: 'Português (Brasil)' },
  es: { tag: 'es', intl: 'es', dir: 'ltr', nativeName: 'Español' },
  cn: { tag: 'zh-CN', intl: 'zh-CN', dir: 'ltr', nativeName: '简体中文' },
  ir: { tag: 'fa-IR', intl: 'fa-IR-u-ca-gregory', dir: 'rtl', nativeName: 'فارسی' },
};

/** The tags i18next knows the languages by, in the order of LANGUAGES. */
export const LANGUAGE_TAGS = LANGUAGES.map((lng) => LANGUAGE_INFO[lng].tag);

/** The value for <html lang> and i18next's language. */
export function htmlLang(lng: Language): string {
  return LANGUAGE_INFO[lng].tag;
}

/**
 * One of the five keys for an app key or a language tag ('br', 'pt-BR', 'fa'); gb for
 * anything else. Use it on i18next's language before looking anything up by key.
 */
export function languageOf(value: string | null | undefined): Language {
  if (isLanguage(value)) return value;
  return (value && fromBrowserLanguage(value)) || DEFAULT_LANGUAGE;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps a browser language ('pt-BR', 'zh-Hans-CN', 'fa') to one of ours, or null. */
export function fromBrowserLanguage(tag: string): Language | null {
  const base = tag.toLowerCase().split(/[-_]/)[0];
  switch (base) {
    case 'en':
      return 'gb';
    case 'pt':
      return 'br';
    case 'es':
      return 'es';
    case 'zh':
      return 'cn';
    case 'fa':
      return 'ir';
    default:
      return null;
  }
}
