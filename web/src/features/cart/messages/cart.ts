import { namespace } from '../../../lib/i18n/i18n';
import en from './cart.en.json';

/** The messages of the cart page (decision 038: English here, Bengali fetched when shown). */
export const cartMessages = namespace(en, { bn: new URL('./cart.bn.json', import.meta.url) });
