// English strings of this area travel with its code (see src/i18n/english.ts).
import { addEnglish } from '@/i18n/english';
import faq from 'virtual:english/faq';

addEnglish({ faq });
