export { DEFAULT_TIME_ZONE, formatPunchTime, punchDay } from '@/lib/format';

/** The letter the A–Z filter files a last name under: its first letter without accents. */
export function filterLetter(lastName: string): string {
  const first = lastName.trim().normalize('NFD').replace(/[\u0300-\u036f]/g, '').charAt(0);
  return first.toLocaleUpperCase('en-US');
}

/** The 26 letters of the alphabet filter (SPEC §9). */
export const LETTERS = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));
