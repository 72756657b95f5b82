// The kiosk's English travels with the kiosk (kiosk.html paints with it at once), not with
// the office app, which never shows the kiosk (src/i18n/english.ts).
import { addEnglish } from '@/i18n/english';
import kiosk from 'virtual:english/kiosk';

addEnglish({ kiosk });
