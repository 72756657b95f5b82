// The scanner is shown by production and shipping too: only its own English strings come with it.
import { addEnglish } from '@/i18n/english';
import scan from 'virtual:english/inventory.scan';

addEnglish({ inventory: { scan } });
