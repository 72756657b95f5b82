import { paths, safeRedirectTarget } from './paths';

describe('safeRedirectTarget', () => {
  it.each([
    ['/inventory', '/inventory'],
    ['/production/production-daily?date=2025-08-15', '/production/production-daily?date=2025-08-15'],
    ['/shipping-log?status=planned#top', '/shipping-log?status=planned#top'],
  ])('keeps the same-origin path %s', (raw, want) => {
    expect(safeRedirectTarget(raw)).toBe(want);
  });

  it.each([
    [null],
    [''],
    ['https://evil.example/phish'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['dashboard'],
    ['/%0d/evil'.replace('%0d', '\r')],
    ['/auth/login'],
    ['/auth'],
  ])('falls back to the dashboard for %j', (raw) => {
    expect(safeRedirectTarget(raw)).toBe('/dashboard');
  });

  it('builds the login link with the wanted path encoded', () => {
    expect(paths.auth.login.getHref('/inventory?q=a&b=1')).toBe('/auth/login?redirect=%2Finventory%3Fq%3Da%26b%3D1');
    expect(paths.auth.login.getHref()).toBe('/auth/login');
  });
});
