// The scanner is shown by production and shipping too: only its own English strings come
// with it, registered when it first renders (no import-time effect, so that importing the
// inventory's index for something else leaves the scanner out of that chunk).
import { addEnglish } from '@/i18n/english';
import scan from 'virtual:english/inventory.scan';

let added = false;

/** Registers the scanner's English strings (once). */
export function addScanStrings(): void {
  if (added) return;
  added = true;
  addEnglish({ inventory: { scan } });
}
