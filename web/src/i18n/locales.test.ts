import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { flat, localeTree, namespaceTree, namespacesOf } from './locale-tree';

const [br, cn, es, gb, ir] = (['br', 'cn', 'es', 'gb', 'ir'] as const).map(localeTree);

// Values that are the same in every language: the brand, the status code, pure punctuation.
// BIC and SWIFT are the banks' own names for the code, in every language.
const SAME_EVERYWHERE = new Set(['common.appName', 'notFound.code', 'nav.chat', 'employees.auditReason', 'payments.methods.fields.bic']);
// International unit symbols (kg, g, m) are written the same in the Latin-script languages.
const UNIT_SYMBOL = /^units\.(kg|g|m)_(one|other)$/;
// Words that really are the same in a language ("Item" in Portuguese, "h" for hours).
const SAME_IN: Record<string, Set<string>> = {
  br: new Set([
    'production.subtraction.item',
    'production.daily.cellLabour',
    'payments.kinds.cheque',
    'payments.billing.columns.total',
    'payments.invoice.subtotal',
    'payments.invoice.total',
  ]),
  es: new Set(['production.daily.cellLabour', 'payments.kinds.cheque', 'payments.billing.columns.total', 'payments.invoice.subtotal', 'payments.invoice.total']),
};
// A string with nothing to translate: only placeholders, digits, punctuation and symbols.
const nothingToTranslate = (v: string) => !/\p{L}/u.test(v.replace(/\{\{\w+\}\}/g, ''));

describe.each([
  ['br', br],
  ['es', es],
  ['cn', cn],
  ['ir', ir],
])('locale %s', (code, locale) => {
  const base = flat(gb);
  const other = flat(locale);

  it('has exactly the keys of gb', () => {
    expect(Object.keys(other).sort()).toEqual(Object.keys(base).sort());
  });

  it('is a real translation, not English copies', () => {
    const copies = Object.keys(base).filter(
      // Acronyms such as PIN, CSV or SKU stay in Latin letters in every locale.
      (k) =>
        !SAME_EVERYWHERE.has(k) &&
        !SAME_IN[code]?.has(k) &&
        !UNIT_SYMBOL.test(k) &&
        !nothingToTranslate(base[k]) &&
        other[k] === base[k] &&
        !/^[A-Z]{2,4}$/.test(base[k]),
    );
    expect(copies).toEqual([]);
  });

  it('keeps every interpolation placeholder', () => {
    for (const [k, v] of Object.entries(base)) {
      const want = (v.match(/\{\{\w+\}\}|<\w+>/g) ?? []).sort();
      const got = (other[k]?.match(/\{\{\w+\}\}|<\w+>/g) ?? []).sort();
      expect(got, k).toEqual(want);
    }
  });
});

// The layout (src/i18n/locales/<namespace>/<lang>.json): each namespace in all five
// languages, holding the same keys in each, and as scripts/split-locales.mjs writes it.
describe('namespaces', () => {
  it('exist in every language', () => {
    for (const lng of ['br', 'es', 'cn', 'ir'] as const) expect(namespacesOf(lng).sort()).toEqual(namespacesOf('gb').sort());
    expect(namespacesOf('gb')).toEqual(expect.arrayContaining(['common', 'shell', 'auth', 'kiosk', 'dashboard']));
  });

  it('hold the same keys in every language', () => {
    for (const ns of namespacesOf('gb')) {
      const base = Object.keys(flat(namespaceTree(ns, 'gb'))).sort();
      for (const lng of ['br', 'es', 'cn', 'ir'] as const) {
        expect(Object.keys(flat(namespaceTree(ns, lng))).sort(), `${ns}/${lng}.json`).toEqual(base);
      }
    }
  });

  it('are split as scripts/split-locales.mjs splits them, with no monolithic file left', () => {
    const web = resolve(__dirname, '../..');
    expect(() => execFileSync('node', ['scripts/split-locales.mjs', '--check'], { cwd: web, stdio: 'pipe' })).not.toThrow();
  });
});
