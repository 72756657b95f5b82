// The notifications' English (the dropdown, the page) travels with their code, not with
// every first load (src/i18n/english.ts); the bell brings only its unread count's words.
import { addEnglish } from '@/i18n/english';
import notifications from 'virtual:english/notifications';

addEnglish({ notifications });
