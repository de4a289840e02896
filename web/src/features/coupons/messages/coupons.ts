import { namespace } from '../../../lib/i18n/i18n';
import en from './coupons.en.json';

/** The messages of the admin's Add Coupon and Manage Coupons pages, with their dialogs (decision 038). */
export const couponsMessages = namespace(en, { bn: new URL('./coupons.bn.json', import.meta.url) });
