// English strings of this area travel with its code (see src/i18n/english.ts).
import { addEnglish } from '@/i18n/english';
import docs from 'virtual:english/docs';
import messages from 'virtual:english/messages';

addEnglish({ docs, messages });
