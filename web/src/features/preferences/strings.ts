// English strings of the preferences page travel with its code (see src/i18n/english.ts).
import { addEnglish } from '@/i18n/english';
import preferences from 'virtual:english/preferences';

addEnglish({ preferences });
