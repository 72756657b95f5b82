import { describe, expect, it } from 'vitest';
import { filterLetter, formatPunchTime, LETTERS } from './kiosk-format';

describe('formatPunchTime', () => {
  const now = new Date('2026-01-15T20:00:00Z');
  it.each([
    ['2026-01-15T13:05:00Z', '7:05 AM CST'],
    ['2026-01-15T23:59:00Z', '5:59 PM CST'],
  ])('shows %s as %s in Chicago, 12-hour with the short zone name', (iso, want) => {
    expect(formatPunchTime(iso, 'gb', 'America/Chicago', now)).toBe(want);
  });

  it('uses daylight time in summer', () => {
    expect(formatPunchTime('2026-07-01T12:05:00Z', 'gb', 'America/Chicago', new Date('2026-07-01T15:00:00Z'))).toBe('7:05 AM CDT');
  });

  it('names the day of a punch that was not today', () => {
    expect(formatPunchTime('2026-01-14T13:05:00Z', 'gb', 'America/Chicago', now)).toBe('Wed, Jan 14, 7:05 AM CST');
  });

  it('gives nothing for a missing or bad time', () => {
    expect(formatPunchTime(null, 'gb')).toBe('');
    expect(formatPunchTime('not a time', 'gb')).toBe('');
  });
});

describe('filterLetter', () => {
  it.each([
    ['Lima', 'L'],
    ['álvarez', 'A'],
    ['Ötzi', 'O'],
    ['  chen', 'C'],
  ])('files %s under %s', (name, want) => {
    expect(filterLetter(name)).toBe(want);
  });

  it('has 26 letters', () => {
    expect(LETTERS).toHaveLength(26);
    expect(LETTERS[0]).toBe('A');
    expect(LETTERS[25]).toBe('Z');
  });
});
