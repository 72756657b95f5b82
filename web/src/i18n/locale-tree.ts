import type { Language } from './languages';

/**
 * For tests only (it bundles every string): a language's whole tree, all its namespaces
 * (src/i18n/locales/<namespace>/<lang>.json) merged, as the locale checks compare them.
 */
export type LocaleTree = { [key: string]: string | LocaleTree };

const files = import.meta.glob<LocaleTree>('./locales/*/*.json', { eager: true, import: 'default' });

const merge = (a: LocaleTree, b: LocaleTree): LocaleTree => {
  const out: LocaleTree = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const here = out[k];
    out[k] = typeof v === 'object' && typeof here === 'object' ? merge(here, v) : v;
  }
  return out;
};

export function localeTree(lang: Language): LocaleTree {
  return Object.entries(files)
    .filter(([file]) => file.endsWith(`/${lang}.json`))
    .reduce<LocaleTree>((tree, [, strings]) => merge(tree, strings), {});
}

/** The namespaces (folders) that hold strings in `lang`. */
export function namespacesOf(lang: Language): string[] {
  return Object.keys(files)
    .filter((file) => file.endsWith(`/${lang}.json`))
    .map((file) => file.split('/')[2]);
}

/** One namespace's strings in `lang`. */
export function namespaceTree(namespace: string, lang: Language): LocaleTree {
  return files[`./locales/${namespace}/${lang}.json`] ?? {};
}

/** A tree's strings by their dotted key (`inventory.batch.title`). */
export function flat(tree: LocaleTree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((acc, [k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return typeof v === 'string' ? { ...acc, [key]: v } : { ...acc, ...flat(v, key) };
  }, {});
}
