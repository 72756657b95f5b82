import { describe, expect, it } from 'vitest';
import { filterLetter, formatPunchTime, LETTERS, punchDay } from './kiosk-format';

// en-GB writes 12-hour times as '7:05 am' with a narrow no-break space before 'am'.
const nb = (s: string) => s.replaceAll(' am', '\u202fam').replaceAll(' pm', '\u202fpm');

describe('formatPunchTime', () => {
  const now = new Date('2026-01-15T20:00:00Z');
  it.each([
    ['2026-01-15T13:05:00Z', '7:05 am CST'],
    ['2026-01-15T23:59:00Z', '5:59 pm CST'],
  ])('shows %s as %s in Chicago, 12-hour with the short zone name', (iso, want) => {
    expect(formatPunchTime(iso, 'gb', 'America/Chicago', now)).toBe(nb(want));
  });

  it('uses daylight time in summer', () => {
    expect(formatPunchTime('2026-07-01T12:05:00Z', 'gb', 'America/Chicago', new Date('2026-07-01T15:00:00Z'))).toBe(nb('7:05 am CDT'));
  });

  it('names the day of a punch that was not today', () => {
    expect(formatPunchTime('2026-01-14T13:05:00Z', 'gb', 'America/Chicago', now)).toBe(nb('Wed 14 Jan, 7:05 am CST'));
  });

  it('gives nothing for a missing or bad time', () => {
    expect(formatPunchTime(null, 'gb')).toBe('');
    expect(formatPunchTime('not a time', 'gb')).toBe('');
  });
});

describe('punchDay', () => {
  // 8:30 PM on Thursday 15 January in Chicago; 02:30 on the 16th in UTC.
  const now = new Date('2026-01-16T02:30:00Z');
  it.each([
    ['2026-01-15T13:05:00Z', 'today', '7:05 am CST'],
    ['2026-01-15T06:30:00Z', 'today', '12:30 am CST'],
    ['2026-01-15T05:50:00Z', 'yesterday', '11:50 pm CST'],
    ['2026-01-14T13:05:00Z', 'yesterday', '7:05 am CST'],
    ['2026-01-13T13:05:00Z', 'other', 'Tue 13 Jan, 7:05 am CST'],
  ])('says the day of %s in the organisation zone: %s, %s', (iso, day, time) => {
    expect(punchDay(iso, 'gb', 'America/Chicago', now)).toEqual({ day, time: nb(time) });
  });

  it('counts days in the organisation zone, not the browser one', () => {
    // Already the 16th in Tokyo, still the 15th in Chicago.
    expect(punchDay('2026-01-15T13:05:00Z', 'gb', 'Asia/Tokyo', now).day).toBe('yesterday');
    expect(punchDay('2026-01-15T13:05:00Z', 'gb', 'America/Chicago', now).day).toBe('today');
  });

  it('gives no time for a missing punch', () => {
    expect(punchDay(null, 'gb')).toEqual({ day: 'other', time: '' });
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
