import { describe, expect, it } from 'vitest';
import { fromGs1Date, gs1Date, labelUrl, parseLabel, parseLabelPath } from './label-url';

describe('label links', () => {
  it('builds /b/{sku}/10/{code}/17/{YYMMDD} with every part escaped', () => {
    expect(labelUrl('https://pack.example.org/', { item_sku: 'RICE-25', code: 'LOT 7/A', expires_at: '2027-01-31' })).toBe(
      'https://pack.example.org/b/RICE-25/10/LOT%207%2FA/17/270131',
    );
    expect(labelUrl('https://pack.example.org', { item_sku: 'Ñ?#', code: 'A&B', expires_at: null })).toBe('https://pack.example.org/b/%C3%91%3F%23/10/A%26B');
  });

  it('reads back what it builds, from any host', () => {
    for (const b of [
      { item_sku: 'RICE-25', code: 'LOT 7/A', expires_at: '2027-01-31' },
      { item_sku: 'S/1', code: '100%', expires_at: null },
      { item_sku: '饭', code: 'ب-۱', expires_at: '2030-12-01' },
    ]) {
      const url = labelUrl('http://127.0.0.1:8080', b);
      expect(parseLabel(url)).toEqual({ sku: b.item_sku, code: b.code, ...(b.expires_at ? { expires: b.expires_at } : {}) });
      expect(parseLabel(url.replace('http://127.0.0.1:8080', 'https://elsewhere.example'))?.code).toBe(b.code);
    }
  });

  it('takes a bare code, or the lot of another GS1 Digital Link', () => {
    expect(parseLabel('  RICE-20260301 ')).toEqual({ code: 'RICE-20260301' });
    expect(parseLabel('https://id.gs1.org/01/09506000134352/10/ABC123?17=270131')).toEqual({ code: 'ABC123' });
  });

  it('refuses what names no batch', () => {
    expect(parseLabel('')).toBeNull();
    expect(parseLabel('https://example.org/some/page')).toBeNull();
    expect(parseLabel('x'.repeat(65))).toBeNull();
    expect(parseLabel('two\nlines')).toBeNull();
    expect(parseLabelPath('/b/RICE/10/%E0%A4%A/17/270131')).toBeNull(); // a broken escape
    expect(parseLabelPath('/b/RICE/11/A')).toBeNull();
    expect(parseLabelPath('/b/RICE/10/A/17/271331')).toBeNull(); // month 13
    expect(parseLabelPath('/b/RICE/10/A/')).toEqual({ sku: 'RICE', code: 'A' });
  });

  it('converts GS1 dates', () => {
    expect(gs1Date('2027-01-31')).toBe('270131');
    expect(fromGs1Date('270131')).toBe('2027-01-31');
    expect(fromGs1Date('240200')).toBe('2024-02-29'); // day 00: the month's last
    expect(fromGs1Date('270230')).toBeUndefined();
  });
});
