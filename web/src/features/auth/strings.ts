// English strings of signup, recovery and the terms travel with the auth pages (see src/i18n/english.ts).
import { addEnglish } from '@/i18n/english';
import signup from 'virtual:english/signup';

addEnglish({ signup });
