import { namespace } from '../../../../lib/i18n/i18n';
import en from './delivery-admin.en.json';

/** The messages of the admin's delivery parts: the desk's booking, the order page's parcel, the courier cash page (decision 038: English here, Bengali fetched when shown). */
export const deliveryAdminMessages = namespace(en, { bn: new URL('./delivery-admin.bn.json', import.meta.url) });

export type DeliveryAdminId = keyof typeof en;
