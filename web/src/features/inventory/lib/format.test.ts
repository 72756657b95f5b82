import { daysBetween, expiryState, formatChange, formatDay, formatQty, todayIn } from './format';

describe('inventory formatting', () => {
  it('shows exact quantities per locale', () => {
    expect(formatQty(1234.5, 'gb')).toBe('1,234.5');
    expect(formatQty(0.125, 'br')).toBe('0,125');
    expect(formatChange(-2.25, 'gb')).toBe('-2.25');
    expect(formatChange(3, 'gb')).toBe('+3');
    expect(formatQty(12, 'ir')).toBe('۱۲');
  });
  it('shows calendar dates without a zone shift', () => {
    expect(formatDay('2025-08-15', 'gb')).toBe('15 Aug 2025');
    expect(formatDay(null, 'gb')).toBe('');
  });
  it('counts days to expiry from the organisation’s today', () => {
    expect(todayIn('America/Chicago', new Date('2025-08-16T03:00:00Z'))).toBe('2025-08-15');
    expect(daysBetween('2025-08-15', '2025-08-20')).toBe(5);
    expect(expiryState('2025-08-14', '2025-08-15')).toBe('expired');
    expect(expiryState('2025-09-01', '2025-08-15')).toBe('soon');
    expect(expiryState('2026-09-01', '2025-08-15')).toBe('ok');
    expect(expiryState(null, '2025-08-15')).toBe('none');
  });
});
