import i18n from 'i18next';
import { DEFAULT_LANGUAGE, htmlLang } from './languages';

/**
 * Adds English (the fallback) strings of an area whose screens load lazily. The entries
 * bundle English for the shell and every area shown at first paint; a larger area's
 * section of gb.json (still the one English file) comes with its own code instead:
 * `import production from 'virtual:english/production'` (vite.config.ts) keeps that section in
 * the area's chunk, and this registers it before any of its components renders.
 */
export function addEnglish(sections: Record<string, unknown>): void {
  i18n.addResourceBundle(htmlLang(DEFAULT_LANGUAGE), 'translation', sections, true, false);
}
