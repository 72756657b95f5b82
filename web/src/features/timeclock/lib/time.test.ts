import { describe, expect, it } from 'vitest';
import { addDays, formatPunch, toZoneInput, todayIn, weekOf } from './time';

describe('office time helpers', () => {
  it.each([
    ['2026-03-08', '2026-03-02', '2026-03-08'],
    ['2026-11-01', '2026-10-26', '2026-11-01'],
    ['2026-11-02', '2026-11-02', '2026-11-08'],
    ['2026-01-01', '2025-12-29', '2026-01-04'],
  ])('the week of %s runs Monday %s to Sunday %s', (d, from, to) => {
    expect(weekOf(d)).toEqual({ from, to });
  });

  it('adds calendar days across DST and years', () => {
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });

  it('reads instants as Chicago wall clock', () => {
    expect(toZoneInput('2026-03-08T13:05:00Z', 'America/Chicago')).toBe('2026-03-08T08:05');
    expect(toZoneInput('2026-03-08T05:30:00Z', 'America/Chicago')).toBe('2026-03-07T23:30');
    expect(todayIn('America/Chicago', new Date('2026-03-09T04:00:00Z'))).toBe('2026-03-08');
    expect(formatPunch('2026-01-15T13:05:00Z', 'gb', 'America/Chicago')).toBe('Thu 15 Jan, 7:05\u202fam CST');
  });
});
