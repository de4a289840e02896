import { namespace } from '../../../lib/i18n/i18n';
import en from './order-page.en.json';

/** The messages of the admin's order page (/dashboard/allorders/:id) (decision 038). */
export const orderPageMessages = namespace(en, { bn: new URL('./order-page.bn.json', import.meta.url) });
