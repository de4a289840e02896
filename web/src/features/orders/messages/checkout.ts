import { namespace } from '../../../lib/i18n/i18n';
import en from './checkout.en.json';

/** The messages of the checkout page (with the phone code and the Order Placed dialog) (decision 038: English here, Bengali fetched when shown). */
export const checkoutMessages = namespace(en, { bn: new URL('./checkout.bn.json', import.meta.url) });
