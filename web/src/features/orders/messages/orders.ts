import { namespace } from '../../../lib/i18n/i18n';
import en from './orders.en.json';

/** The messages of the shopper's orders (My Orders, totals, timeline, status names, Invoice) (decision 038: English here, Bengali fetched when shown). */
export const ordersMessages = namespace(en, { bn: new URL('./orders.bn.json', import.meta.url) });
