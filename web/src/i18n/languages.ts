/** The five interface languages (SPEC §1); gb is the default and fallback. */
export const LANGUAGES = ['gb', 'br', 'es', 'cn', 'ir'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'gb';

/** localStorage key holding the chosen language before and after sign-in. */
export const LANGUAGE_STORAGE_KEY = 'packline.language';

interface LanguageInfo {
  /** BCP 47 tag for <html lang> and Intl formatting */
  tag: string;
  dir: 'ltr' | 'rtl';
  /** The language's own name, shown in the language picker */
  nativeName: string;
}

/**
 * Intl tags: English dates follow the spec's own style ('August 15, 2025', 'March 2025');
 * Persian uses Persian digits and month names on the Gregorian calendar so dates match
 * the organisation's records.
 */
export const LANGUAGE_INFO: Record<Language, LanguageInfo> = {
  gb: { tag: 'en-US', dir: 'ltr', nativeName: 'English' },
  br: { tag: 'pt-BR', dir: 'ltr', nativeName: 'Português (Brasil)' },
  es: { tag: 'es-ES', dir: 'ltr', nativeName: 'Español' },
  cn: { tag: 'zh-CN', dir: 'ltr', nativeName: '简体中文' },
  ir: { tag: 'fa-IR-u-ca-gregory', dir: 'rtl', nativeName: 'فارسی' },
};

/** The value for <html lang>: the tag without Unicode extensions. */
export function htmlLang(lng: Language): string {
  return LANGUAGE_INFO[lng].tag.split('-u-')[0];
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
