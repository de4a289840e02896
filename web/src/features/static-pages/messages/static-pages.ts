import { namespace } from '../../../lib/i18n/i18n';
import en from './static-pages.en.json';

/** The messages of About Us, Our Policy, Contact Us and the not-found page (decision 038). */
export const staticPagesMessages = namespace(en, { bn: new URL('./static-pages.bn.json', import.meta.url) });
