import { linkHref } from './format';

const base = { link_id: 7, link_label: 'X', link_date: undefined, link_line_id: undefined };

describe('a document link leads to its place', () => {
  it.each([
    [{ ...base, link_kind: 'batch', link_label: 'LOT-7' }, '/inventory/batches/7'],
    [{ ...base, link_kind: 'shipment', link_label: 'SH-2026-0012' }, '/shipping-log?search=SH-2026-0012'],
    [{ ...base, link_kind: 'employee', link_label: 'Ana Almeida' }, '/employees?punches=7'],
    [{ ...base, link_kind: 'production', link_label: 'Table 1 · 2026-11-20', link_date: '2026-11-20', link_line_id: 3 }, '/production/production-daily?date=2026-11-20&line=3'],
    [{ ...base, link_kind: 'project', link_label: 'Winter meals' }, '/projects/7'],
  ] as const)('%o → %s', (d, want) => {
    expect(linkHref(d)).toBe(want);
  });

  it('no link when the target is gone (no label) or unlinked', () => {
    expect(linkHref({ ...base, link_kind: 'batch', link_label: undefined })).toBeNull();
    expect(linkHref({ ...base, link_kind: null, link_id: null })).toBeNull();
  });
});
