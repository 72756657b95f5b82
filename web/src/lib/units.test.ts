import i18n from '@/i18n';
import { formatErrorParams } from './errors';
import { formatQuantity } from './units';

describe('quantities with their unit ("30 pouch")', () => {
  const t = i18n.getFixedT('en-GB');

  it('puts the unit in the plural form for the number', () => {
    expect(formatQuantity(30, 'pouch', t, 'en-GB')).toBe('30 pouches');
    expect(formatQuantity(1, 'pouch', t, 'en-GB')).toBe('1 pouch');
    expect(formatQuantity(2000, 'Pouches', t, 'en-GB')).toBe('2,000 pouches');
    expect(formatQuantity(-2.5, 'kg', t, 'en-GB', { signed: true })).toBe('-2.5 kg');
    expect(formatQuantity(3, 'box', t, 'en-GB', { signed: true })).toBe('+3 boxes');
  });

  it('keeps a unit the locales do not name as the item has it', () => {
    expect(formatQuantity(4, 'drums', t, 'en-GB')).toBe('4 drums');
  });

  it('writes the number in the language’s digits', async () => {
    await i18n.loadLanguages('fa-IR');
    expect(formatQuantity(30, 'pouch', i18n.getFixedT('fa-IR'), 'fa-IR')).toBe('۳۰ پاکت');
  });

  it('words an error’s quantities with its unit', () => {
    const params = formatErrorParams({ batch: 'B-1', on_hand: 1, wanted: 30, unit: 'pouch' }, 'en-GB');
    expect(params.on_hand).toBe('1 pouch');
    expect(params.wanted).toBe('30 pouches');
  });
});

describe('numbers in sentences', () => {
  it('are written in the language’s digits, with no grouping added', async () => {
    await i18n.loadLanguages('fa-IR');
    const fa = i18n.getFixedT('fa-IR');
    const en = i18n.getFixedT('en-GB');
    expect(en('units.quantity', { qty: 3888, unit: 'x' })).toBe('3888 x');
    expect(fa('units.quantity', { qty: 4, unit: 'x' })).toBe('۴ x');
  });
});
