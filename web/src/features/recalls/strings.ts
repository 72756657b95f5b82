// English strings of this area travel with its code (see src/i18n/english.ts).
import { addEnglish } from '@/i18n/english';
import recalls from 'virtual:english/recalls';

addEnglish({ recalls });
