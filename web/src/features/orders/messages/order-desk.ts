import { namespace } from '../../../lib/i18n/i18n';
import en from './order-desk.en.json';

/** The messages of the admin's orders desk (All Orders, its controls, exports, Confirm/Cancel/Delete and their dialogs) (decision 038). */
export const orderDeskMessages = namespace(en, { bn: new URL('./order-desk.bn.json', import.meta.url) });

export type OrderDeskId = keyof typeof en;
