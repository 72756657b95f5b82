import i18n, { changeLanguage, i18nReady } from '@/i18n';
import { importDone, importSummary } from '@/features/inventory/lib/import-text';
import { formatNumber } from '@/lib/format';
import { unitName } from '@/lib/units';
import { LANGUAGES, LANGUAGE_INFO, htmlLang, type Language } from './languages';
import { flat, localeTree } from './locale-tree';

const [br, cn, es, gb, ir] = (['br', 'cn', 'es', 'gb', 'ir'] as const).map(localeTree);

const FILES: Record<Language, Record<string, string>> = {
  gb: flat(gb),
  br: flat(br),
  es: flat(es),
  cn: flat(cn),
  ir: flat(ir),
};
const COUNTS = [0, 1, 2, 3, 5, 22];
/** Every key with plural forms, without its suffix ('employees.total'). */
const PLURAL_KEYS = [...new Set(Object.keys(FILES.gb).filter((k) => /_(one|other)$/.test(k)).map((k) => k.replace(/_(one|other)$/, '')))];
// Unit symbols written alike in English, Portuguese and Spanish.
const SAME_AS_ENGLISH = /^units\.(kg|g|m)$/;

/** Fills every placeholder of a key's forms, with the count in `count` and `n`. */
function params(key: string, count: number, lng: Language): Record<string, unknown> {
  const names = new Set((FILES.gb[`${key}_other`] ?? '').match(/\{\{(\w+)\}\}/g)?.map((p) => p.slice(2, -2)));
  const out: Record<string, unknown> = { count, n: formatNumber(count, lng) };
  for (const name of names) if (!(name in out)) out[name] = `‹${name}›`;
  return out;
}

function english(key: string, count: number): string {
  return i18n.getFixedT(htmlLang('gb'))(key, params(key, count, 'gb'));
}

describe('plural forms', () => {
  beforeAll(async () => {
    await i18nReady;
    for (const lng of LANGUAGES) await changeLanguage(lng);
  });
  afterAll(() => changeLanguage('gb'));

  it('gives i18next and Intl the real language tags, not the app keys', () => {
    expect(LANGUAGES.map((l) => LANGUAGE_INFO[l].tag)).toEqual(['en-GB', 'pt-BR', 'es', 'zh-CN', 'fa-IR']);
    // 'br' alone is Breton, whose plural rules have few and many forms.
    expect(new Intl.PluralRules('br').select(3)).toBe('few');
    expect(new Intl.PluralRules(LANGUAGE_INFO.br.intl).select(3)).toBe('other');
  });

  describe.each(LANGUAGES)('%s', (lng) => {
    const tag = htmlLang(lng);

    it.each(COUNTS)('renders every counted text for %i in the language, with its own plural form', async (count) => {
      await changeLanguage(lng);
      expect(i18n.language).toBe(tag);
      const rule = new Intl.PluralRules(tag).select(count);
      for (const key of PLURAL_KEYS) {
        // The form the language's rules ask for exists in its file...
        expect(FILES[lng][`${key}_${rule}`], `${lng} ${key}_${rule}`).toBeDefined();
        const text = i18n.t(key, params(key, count, lng));
        // ...and is the one shown: not a key, not English.
        expect(text, `${lng} ${key} ${count}`).not.toContain(key);
        if (lng !== 'gb' && !SAME_AS_ENGLISH.test(key)) {
          expect(text, `${lng} ${key} ${count}`).not.toBe(english(key, count));
        }
      }
    });

    it('writes the import summary and toast with a plural form for each count', async () => {
      await changeLanguage(lng);
      const t = i18n.t.bind(i18n);
      for (const n of COUNTS) {
        const summary = importSummary(t, lng, n, n, n);
        const done = importDone(t, lng, n, n);
        const digits = formatNumber(n, lng);
        expect(summary).toContain(digits);
        expect(done).toContain(digits);
        if (lng !== 'gb') {
          expect(summary).not.toBe(importSummary(i18n.getFixedT(htmlLang('gb')), 'gb', n, n, n));
          expect(done).not.toBe(importDone(i18n.getFixedT(htmlLang('gb')), 'gb', n, n));
        }
      }
    });
  });

  it('says 1 row and 3 rows in English', async () => {
    await changeLanguage('gb');
    const t = i18n.t.bind(i18n);
    expect(importSummary(t, 'gb', 1, 1, 1)).toBe('1 row: 1 new item and 1 batch of opening stock.');
    expect(importSummary(t, 'gb', 3, 2, 0)).toBe('3 rows: 2 new items and 0 batches of opening stock.');
    expect(importDone(t, 'gb', 1, 2)).toBe('Imported 1 new item and 2 batches.');
    expect(unitName('ROLL', t, 1)).toBe('roll');
    expect(unitName('Rolls', t, 9)).toBe('rolls');
    expect(unitName('crate', t, 9)).toBe('crate');
  });

  it('says 3 items in Portuguese and names the units in every language', async () => {
    await changeLanguage('br');
    const t = i18n.t.bind(i18n);
    expect(i18n.t('inventory.warnings.lowStock', { count: 3, n: '3' })).toBe('3 itens com estoque baixo');
    expect(i18n.t('employees.inNow', { count: 42 })).toBe('42 pessoas estão presentes.');
    expect(unitName('EACH', t, 5)).toBe('unidades');
    await changeLanguage('ir');
    expect(unitName('kg', i18n.t.bind(i18n), 5)).toBe('کیلوگرم');
  });
});
