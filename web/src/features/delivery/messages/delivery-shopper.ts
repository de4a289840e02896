import { namespace } from '../../../lib/i18n/i18n';
import en from './delivery-shopper.en.json';

/** The messages of what a shopper sees of a parcel (My Orders, the tracking page) (decision 038: English here, Bengali fetched when shown). */
export const deliveryShopperMessages = namespace(en, { bn: new URL('./delivery-shopper.bn.json', import.meta.url) });
